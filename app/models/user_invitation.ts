import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import { toJsonb } from '#support/jsonb'
import type { MemberRole } from '#enums/roles'

/** What accepting an invitation creates: a provider company owned by the invitee */
export interface InvitedCompany {
  name: string
  tradeName: string | null
  document: string
}

/**
 * An invitation of E4 to be a `provider` of the borrower (`companyId`).
 * Only the SHA-256 of the token is stored; it is single use and expires.
 * Following its link proves control of the mailbox: acceptance verifies
 * the e-mail, creates the provider membership and, with `newCompany`,
 * the company owned by the invitee.
 */
export default class UserInvitation extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare userId: string

  /** The borrower company that invited */
  @column()
  declare companyId: string

  @column()
  declare invitedBy: string | null

  /** The membership acceptance grants in `companyId` (`provider` for E4) */
  @column()
  declare role: MemberRole

  /** The provider company the invitee represents (set on acceptance for `newCompany`) */
  @column()
  declare providerCompanyId: string | null

  /** The company acceptance creates (the invitee's account existed, the company did not) */
  @column({ prepare: toJsonb })
  declare newCompany: InvitedCompany | null

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
