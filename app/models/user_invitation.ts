import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'

/**
 * An invitation to set a password (E4's legal representative). Only the
 * SHA-256 of the token is stored; it is single use and expires.
 */
export default class UserInvitation extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare userId: string

  /** The borrower company that invited */
  @column()
  declare companyId: string

  @column()
  declare invitedBy: string | null

  @column()
  declare tokenHash: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare acceptedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
