import { compose } from '@adonisjs/core/helpers'
import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { withTimestamps } from '#models/mixins/with_timestamps'

export type SignatureMemberStatus = 'pending' | 'signed' | 'rejected'

/** A signer, with the audit trail of the signature */
export default class ContractSignatureMember extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare contractId: string

  @column()
  declare groupId: string

  @column()
  declare userId: string | null

  @column()
  declare name: string

  @column()
  declare email: string

  @column()
  declare position: number

  @column()
  declare status: SignatureMemberStatus

  @column.dateTime()
  declare signedAt: DateTime | null

  @column()
  declare rejectionReason: string | null

  @column()
  declare ipAddress: string | null

  @column()
  declare userAgent: string | null

  /** SHA-256 of the document text the signer signed */
  @column()
  declare documentHash: string | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** The seat is the user's: by user id, or by e-mail while no account is bound to it */
  isSeatOf(user: Pick<User, 'id' | 'email'>) {
    return this.userId === user.id || (!this.userId && this.email === user.email.toLowerCase())
  }
}
