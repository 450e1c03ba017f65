import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { toJsonb } from '#support/jsonb'
import type { Channels } from '#enums/notifications'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A user's channel flags in one company; missing flags are on */
export default class NotificationPreference extends compose(
  BaseModel,
  withUuidPrimaryKey,
  withTimestamps
) {
  @column()
  declare userId: string

  @column()
  declare companyId: string

  @column({ prepare: toJsonb })
  declare channels: Partial<Channels>
}
