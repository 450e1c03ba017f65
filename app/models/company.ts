import { beforeCreate, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import CompanyMember from '#models/company_member'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CompanySchema } from '#database/schema'

/**
 * Columns (database/schema.ts):
 * - `document`: CNPJ without punctuation (14 characters, alphanumeric format allowed)
 * - `documentStatus`: A CNPJ typed by anyone is a claim; `verified` once proved (docs/security.md,
 *   "CNPJ claims")
 */
export default class Company extends compose(CompanySchema, withUuidPrimaryKey) {
  static readonly DEFAULT_TIMEZONE = 'America/Sao_Paulo'

  @beforeCreate()
  static assignDefaults(company: Company) {
    if (!company.timezone) company.timezone = Company.DEFAULT_TIMEZONE
    company.documentStatus ??= 'claimed'
  }

  /** The one company that proved this CNPJ, if any (claims never route anything) */
  static verifiedHolderOf(document: string, trx?: TransactionClientContract) {
    return Company.query({ client: trx }).where({ document, document_status: 'verified' }).first()
  }

  @hasMany(() => CompanyMember)
  declare members: HasMany<typeof CompanyMember>
}
