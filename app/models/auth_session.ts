import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import RefreshToken from '#models/refresh_token'
import { withTimestamps } from '#models/mixins/with_timestamps'

/**
 * A login on one device. Access tokens carry its id (`sid`), so revoking
 * the session invalidates every token issued for it.
 */
export default class AuthSession extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare userId: string

  @column()
  declare browser: string | null

  @column()
  declare os: string | null

  @column()
  declare ip: string | null

  @column()
  declare userAgent: string | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare lastUsedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @hasMany(() => RefreshToken, { foreignKey: 'sessionId' })
  declare refreshTokens: HasMany<typeof RefreshToken>

  get isActive() {
    return this.revokedAt === null && this.expiresAt > DateTime.now()
  }
}
