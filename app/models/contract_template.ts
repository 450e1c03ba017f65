import { DateTime } from 'luxon'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

export interface TemplateVariable {
  name: string
  label: string | null
  type: string
  source: string
  required: boolean
}

/**
 * A contract template: HTML with `{{variable}}` placeholders and the
 * variables it declares.
 */
export default class ContractTemplate extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare companyId: string

  @column()
  declare name: string

  @column()
  declare description: string | null

  @column()
  declare html: string

  @column({ prepare: (value) => JSON.stringify(value ?? []) })
  declare variables: TemplateVariable[]

  @column.dateTime()
  declare deletedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  static ownedBy = scope((query, companyId: string) => {
    query.where('company_id', companyId).whereNull('deleted_at')
  })
}
