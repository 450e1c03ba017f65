import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { toJsonb } from '#support/jsonb'
import type { Channels } from '#enums/notifications'

/** A company's allowed channels and saved type overrides; missing = on */
export default class CompanyNotificationSetting extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare companyId: string

  @column({ prepare: toJsonb })
  declare allowedChannels: Partial<Channels>

  @column({ prepare: toJsonb })
  declare types: Record<string, boolean>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
