import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

/** A company's connection to an external ERP/CRM (`erp-x`...) */
export default class IntegrationConnection extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare companyId: string

  @column()
  declare provider: string

  @column()
  declare status: 'active' | 'paused'

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
