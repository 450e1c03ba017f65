import { type DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { hashOpaqueToken } from '#support/opaque_tokens'
import { PasswordResetSchema } from '#database/schema'

/**
 * A password reset link of POST /auth/password/forgot. Only the SHA-256
 * of the token is stored; it is single use and expires.
 */
export default class PasswordReset extends compose(PasswordResetSchema, withUuidPrimaryKey) {
  /** The unused, unexpired reset of this token, locked in the transaction; null otherwise */
  static findUsable(token: string, now: DateTime, trx: TransactionClientContract) {
    return this.query({ client: trx })
      .where('token_hash', hashOpaqueToken(token))
      .whereNull('used_at')
      .where('expires_at', '>', now.toSQL()!)
      .forUpdate()
      .first()
  }
}
