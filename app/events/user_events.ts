import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'

/**
 * Emitted inside the transaction that changed a user's name or avatar, so
 * that copies of them (notification actor name/avatar) are refreshed.
 */
export interface UserProfileUpdatedEvent {
  user: User
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'user:profile_updated': UserProfileUpdatedEvent
  }
}
