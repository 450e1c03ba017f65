import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ContractDocumentRequirementSchema } from '#database/schema'

/**
 * A document of the contract: `isDownload` true = a file the parts may
 * download; false = a file each provider part must upload.
 *
 * Columns (database/schema.ts):
 * - `acceptedFormats`: Extensions without dot, lowercase
 * - `maxFileSize`: Bytes
 */
export default class ContractDocumentRequirement extends ContractDocumentRequirementSchema {
  /** A document requirement of the contract (found through its tenant finder), else 404 */
  static async findOf(contractId: string, documentId: string) {
    return firstOrNotFound(
      ContractDocumentRequirement.query().where('id', documentId).where('contract_id', contractId),
      'errors.document_not_found'
    )
  }
}
