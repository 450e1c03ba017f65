import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { CompanyDocumentEventSchema } from '#database/schema'

/**
 * The append-only audit of CNPJ decisions: a company `verified` for a
 * document, `revoked` (it lost the document to a verified holder), or
 * `disputed` (someone proved a competing right the operator must decide).
 */
export default class CompanyDocumentEvent extends compose(
  CompanyDocumentEventSchema,
  withUuidPrimaryKey
) {
  static table = 'company_document_events'
}
