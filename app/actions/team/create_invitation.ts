import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Clock from '#services/platform/clock'
import { newOpaqueToken } from '#support/opaque_tokens'
import UserInvitation, { type InvitedCompany } from '#models/user_invitation'
import type Company from '#models/company'
import type User from '#models/user'
import type { MemberRole } from '#enums/roles'
import { appLink } from '#support/app_links'

/** An invitation link is valid this long */
export const INVITATION_TTL_DAYS = 7

/** What the invitation is about besides the `provider` membership in the borrower */
export interface InvitationTarget {
  /** The provider company the invitee represents (exists already) */
  providerCompanyId?: string | null
  /** The provider company acceptance creates, owned by the invitee */
  newCompany?: InvitedCompany | null
  /** The membership acceptance grants (default `provider`, E4) */
  role?: MemberRole
}

/**
 * Stores a single-use invitation (SHA-256 of a random token) and returns
 * the URL that carries the token to the accept page.
 */
@inject()
export default class CreateInvitation {
  constructor(private clock: Clock) {}

  async handle(
    user: User,
    borrower: Company,
    invitedBy: User,
    trx: TransactionClientContract,
    target: InvitationTarget = {}
  ) {
    const { token, tokenHash } = newOpaqueToken()
    await UserInvitation.create(
      {
        userId: user.id,
        companyId: borrower.id,
        invitedBy: invitedBy.id,
        providerCompanyId: target.providerCompanyId ?? null,
        newCompany: target.newCompany ?? null,
        role: target.role ?? 'provider',
        tokenHash,
        expiresAt: this.clock.now().plus({ days: INVITATION_TTL_DAYS }),
        acceptedAt: null,
      },
      { client: trx }
    )
    return appLink(`/invitations/accept?token=${encodeURIComponent(token)}`)
  }
}
