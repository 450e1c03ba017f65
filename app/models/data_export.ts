import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import { nowLocal } from '#support/clock'
import { DataExportSchema } from '#database/schema'

export type DataExportStatus = 'pending' | 'ready' | 'failed'

/**
 * A personal data export request and, once built, its private archive
 *
 * Columns (database/schema.ts):
 * - `filePath`: Drive key of the JSON archive (private disk)
 * - `failureReason`: Why a `failed` export failed, for the user (the error is in the log)
 */
export default class DataExport extends compose(DataExportSchema, withUuidPrimaryKey) {
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  get isExpired() {
    return this.expiresAt !== null && this.expiresAt <= nowLocal()
  }
}
