import { BaseModel, beforeCreate, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import CompanyMember from '#models/company_member'
import { withTimestamps } from '#models/mixins/with_timestamps'

export default class Company extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare name: string

  @column()
  declare tradeName: string | null

  /** CNPJ without punctuation (14 characters, alphanumeric format allowed) */
  @column()
  declare document: string

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
  static assignDefaultTimezone(company: Company) {
    if (!company.timezone) company.timezone = Company.DEFAULT_TIMEZONE
  }

  @hasMany(() => CompanyMember)
  declare members: HasMany<typeof CompanyMember>
}
