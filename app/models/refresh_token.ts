import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import AuthSession from '#models/auth_session'

export default class RefreshToken extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare sessionId: string

  /** SHA-256 (hex) of the opaque token; the token itself is never stored */
  @column()
  declare tokenHash: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => AuthSession, { foreignKey: 'sessionId' })
  declare session: BelongsTo<typeof AuthSession>
}
