import { belongsTo } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { ContractSignatureMemberSchema } from '#database/schema'

export type SignatureMemberStatus = 'pending' | 'signed' | 'rejected'

/**
 * A signer, with the audit trail of the signature
 *
 * Columns (database/schema.ts):
 * - `documentHash`: SHA-256 of the document text the signer signed
 */
export default class ContractSignatureMember extends ContractSignatureMemberSchema {
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** The seat is the user's: by user id, or by e-mail while no account is bound to it */
  isSeatOf(user: Pick<User, 'id' | 'email'>) {
    return this.userId === user.id || (!this.userId && this.email === user.email.toLowerCase())
  }
}
