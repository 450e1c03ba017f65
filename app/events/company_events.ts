import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type Company from '#models/company'
import type { MemberRole } from '#enums/roles'

/**
 * POST /company/members: the person is invited to the company with a
 * borrower-side role (a pending invitation, granted on acceptance).
 * Emitted inside the transaction.
 */
export interface CompanyMemberInvitedEvent {
  invitee: User
  company: Company
  invitedBy: User
  role: MemberRole
  /** The invitee must set a password on acceptance (a new account) */
  newAccount: boolean
  acceptUrl: string
  trx: TransactionClientContract
}

/** PATCH /company/members/:userId changed a role. Emitted inside the transaction. */
export interface CompanyMemberRoleChangedEvent {
  member: User
  company: Company
  changedBy: User
  from: MemberRole
  to: MemberRole
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'company:member_invited': CompanyMemberInvitedEvent
    'company:member_role_changed': CompanyMemberRoleChangedEvent
  }
}
