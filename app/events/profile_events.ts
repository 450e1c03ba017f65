import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'

/**
 * Emitted inside the transaction that marks a personal data export ready,
 * so that the e-mail with its link is recorded atomically (wired by the
 * mail area).
 */
export interface DataExportReadyEvent {
  user: User
  exportId: string
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'profile:data_export_ready': DataExportReadyEvent
  }
}
