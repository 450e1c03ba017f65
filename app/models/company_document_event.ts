import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import type { DocumentProof } from '#enums/document_status'

/**
 * The append-only audit of CNPJ decisions: a company `verified` for a
 * document, `revoked` (it lost the document to a verified holder), or
 * `disputed` (someone proved a competing right the operator must decide).
 */
export default class CompanyDocumentEvent extends compose(BaseModel, withUuidPrimaryKey) {
  static table = 'company_document_events'

  @column()
  declare document: string

  @column()
  declare companyId: string

  @column()
  declare event: 'verified' | 'revoked' | 'disputed'

  @column()
  declare proof: DocumentProof

  @column()
  declare invitationId: string | null

  @column()
  declare claimantCompanyId: string | null

  @column()
  declare claimantUserId: string | null

  @column()
  declare note: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
