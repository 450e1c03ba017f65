import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { withTimestamps } from '#models/mixins/with_timestamps'

/**
 * A document of the contract: `isDownload` true = a file the parts may
 * download; false = a file each provider part must upload.
 */
export default class ContractDocumentRequirement extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare contractId: string

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column()
  declare isDownload: boolean

  @column()
  declare isRequired: boolean

  /** Extensions without dot, lowercase */
  @column({ prepare: (value) => JSON.stringify(value ?? []) })
  declare acceptedFormats: string[]

  /** Bytes */
  @column()
  declare maxFileSize: number

  @column()
  declare position: number

  /** A document requirement of the contract (found through its tenant finder), else 404 */
  static async findOf(contractId: string, documentId: string) {
    return firstOrNotFound(
      ContractDocumentRequirement.query().where('id', documentId).where('contract_id', contractId),
      'errors.document_not_found'
    )
  }
}
