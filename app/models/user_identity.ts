import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import { UserIdentitySchema } from '#database/schema'

/** An OAuth identity (provider + subject) linked to one user */
export default class UserIdentity extends compose(UserIdentitySchema, withUuidPrimaryKey) {
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
