import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import { withTimestamps } from '#models/mixins/with_timestamps'
import { nowLocal } from '#support/clock'

export type DataExportStatus = 'pending' | 'ready' | 'failed'

/** A personal data export request and, once built, its private archive */
export default class DataExport extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare userId: string

  @column()
  declare status: DataExportStatus

  /** Drive key of the JSON archive (private disk) */
  @column()
  declare filePath: string | null

  /** Why a `failed` export failed, for the user (the error is in the log) */
  @column()
  declare failureReason: string | null

  @column.dateTime()
  declare completedAt: DateTime | null

  @column.dateTime()
  declare expiresAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  get isExpired() {
    return this.expiresAt !== null && this.expiresAt <= nowLocal()
  }
}
