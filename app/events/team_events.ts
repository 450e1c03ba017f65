import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type Company from '#models/company'
import type { MemberRole } from '#enums/roles'

/**
 * E4 created a provider company and its legal representative: the
 * representative gets an e-mail with `acceptUrl` to set a password.
 * Emitted inside the transaction (the e-mail is queued atomically).
 */
export interface TeamMemberInvitedEvent {
  /** The legal representative */
  user: User
  /** The provider company created */
  company: Company
  /** The borrower company that invited */
  borrower: Company
  invitedBy: User
  acceptUrl: string
  trx: TransactionClientContract
}

/**
 * E4 found an existing account (the user, or the owner of the company):
 * it gets an invitation to accept at its stored e-mail; nothing is linked
 * before acceptance. Emitted inside the transaction.
 */
export interface TeamMembershipRequestedEvent {
  /** The existing user invited (a representative or an owner of the company) */
  invitee: User
  /** The company the invitee would represent (stored name, or the one sent for a new company) */
  companyName: string
  borrower: Company
  invitedBy: User
  acceptUrl: string
  trx: TransactionClientContract
}

/**
 * An invitation was accepted and its membership was created (not emitted
 * when it existed already): `provider` for E4, a borrower-side role for
 * POST /company/members. Emitted inside the transaction.
 */
export interface TeamInvitationAcceptedEvent {
  user: User
  /** The provider company the user represents */
  company: Company | null
  /** The inviting company */
  borrower: Company
  role: MemberRole
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'team:member_invited': TeamMemberInvitedEvent
    'team:membership_requested': TeamMembershipRequestedEvent
    'team:invitation_accepted': TeamInvitationAcceptedEvent
  }
}
