import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import AuthSession from '#models/auth_session'
import { RefreshTokenSchema } from '#database/schema'

/**
 * Columns (database/schema.ts):
 * - `tokenHash`: SHA-256 (hex) of the opaque token; the token itself is never stored
 */
export default class RefreshToken extends compose(RefreshTokenSchema, withUuidPrimaryKey) {
  @belongsTo(() => AuthSession, { foreignKey: 'sessionId' })
  declare session: BelongsTo<typeof AuthSession>
}
