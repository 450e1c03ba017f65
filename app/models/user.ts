import { hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import CompanyMember from '#models/company_member'
import AuthSession from '#models/auth_session'
import { UserSchema } from '#database/schema'

/**
 * Columns (database/schema.ts):
 * - `locale`: Language of e-mails and notifications sent to the user; null = the default (pt-BR)
 * - `emailVerifiedAt`: When the person proved control of the mailbox (accepted an invitation link);
 *   null for an account that only registered the address.
 */
export default class User extends compose(UserSchema, withUuidPrimaryKey) {
  @hasMany(() => CompanyMember)
  declare memberships: HasMany<typeof CompanyMember>

  @hasMany(() => AuthSession)
  declare sessions: HasMany<typeof AuthSession>

  /** The account of an address (case-insensitive); locked when read in a transaction */
  /** Saved languages (`locale`, null = the default) of these users, by id, in one query */
  static async localesOf(ids: string[], trx?: TransactionClientContract) {
    if (!ids.length) return new Map<string, string | null>()
    const users = await User.query({ client: trx }).select('id', 'locale').whereIn('id', ids)
    return new Map(users.map((user) => [user.id, user.locale]))
  }

  static findByEmail(email: string, trx?: TransactionClientContract) {
    return this.query({ client: trx })
      .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
      .if(trx, (query) => query.forUpdate())
      .first()
  }
}
