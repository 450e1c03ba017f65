import { BaseModel, beforeCreate, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import CompanyMember from '#models/company_member'
import { withTimestamps } from '#models/mixins/with_timestamps'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DocumentStatus } from '#enums/document_status'

export default class Company extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare name: string

  @column()
  declare tradeName: string | null

  /** CNPJ without punctuation (14 characters, alphanumeric format allowed) */
  @column()
  declare document: string

  /** A CNPJ typed by anyone is a claim; `verified` once proved (docs/security.md, "CNPJ claims") */
  @column()
  declare documentStatus: DocumentStatus

  @column.dateTime()
  declare documentVerifiedAt: DateTime | null

  @column()
  declare email: string | null

  @column()
  declare phone: string | null

  @column()
  declare logo: string | null

  @column()
  declare timezone: string

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
