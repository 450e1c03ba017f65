import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

export default class WorkEntryTask extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare workEntryId: string

  @column()
  declare description: string

  @column()
  declare durationMinutes: number

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
