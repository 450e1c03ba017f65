import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { toJsonb } from '#support/jsonb'
import type { Channels } from '#enums/notifications'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A company's allowed channels and saved type overrides; missing = on */
export default class CompanyNotificationSetting extends compose(
  BaseModel,
  withUuidPrimaryKey,
  withTimestamps
) {
  @column()
  declare companyId: string

  @column({ prepare: toJsonb })
  declare allowedChannels: Partial<Channels>

  @column({ prepare: toJsonb })
  declare types: Record<string, boolean>
}
