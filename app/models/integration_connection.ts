import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A company's connection to an external ERP/CRM (`erp-x`...) */
export default class IntegrationConnection extends compose(
  BaseModel,
  withUuidPrimaryKey,
  withTimestamps
) {
  @column()
  declare companyId: string

  @column()
  declare provider: string

  @column()
  declare status: 'active' | 'paused'
}
