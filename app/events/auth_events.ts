import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type AuthSession from '#models/auth_session'

/**
 * Emitted inside the login transaction, so listeners can record what the
 * login causes (a new-device alert) atomically with the session.
 */
export interface LoginEvent {
  user: User
  session: AuthSession
  /** Decided by the login action: a browser + OS the user's earlier sessions never had */
  newDevice: boolean
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'auth:login': LoginEvent
  }
}
