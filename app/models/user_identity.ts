import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import type { OAuthProvider } from '#enums/oauth_providers'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** An OAuth identity (provider + subject) linked to one user */
export default class UserIdentity extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare userId: string

  @column()
  declare provider: OAuthProvider

  @column()
  declare subject: string

  @column()
  declare email: string | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
