import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import { UserInvitationSchema } from '#database/schema'

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
 *
 * Columns (database/schema.ts):
 * - `companyId`: The borrower company that invited
 * - `role`: The membership acceptance grants in `companyId` (`provider` for E4)
 * - `providerCompanyId`: The provider company the invitee represents (set on acceptance for
 *   `newCompany`)
 * - `newCompany`: The company acceptance creates (the invitee's account existed, the company did
 *   not)
 */
export default class UserInvitation extends compose(UserInvitationSchema, withUuidPrimaryKey) {
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
