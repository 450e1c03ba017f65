import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ContractUploadedFileSchema } from '#database/schema'

export type UploadedFileStatus = 'pending' | 'approved' | 'rejected'

/** A file a part sent for a document requirement (one per document and part) */
export default class ContractUploadedFile extends compose(
  ContractUploadedFileSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => ContractDocumentRequirement, { foreignKey: 'documentId' })
  declare document: BelongsTo<typeof ContractDocumentRequirement>

  /**
   * An uploaded file of the contract (found through its tenant finder),
   * of one requirement when `documentId` is given; 404 with `message`
   * otherwise; locked in the transaction.
   */
  static async findOf(
    contractId: string,
    fileId: string,
    trx: TransactionClientContract,
    { documentId, message }: { documentId?: string; message: string }
  ) {
    return firstOrNotFound(
      ContractUploadedFile.query({ client: trx })
        .where('id', fileId)
        .if(documentId, (query) => query.where('document_id', documentId!))
        .where('contract_id', contractId),
      message,
      trx
    )
  }
}
