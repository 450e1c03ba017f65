import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type Company from '#models/company'

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

declare module '@adonisjs/core/types' {
  interface EventsList {
    'team:member_invited': TeamMemberInvitedEvent
  }
}
