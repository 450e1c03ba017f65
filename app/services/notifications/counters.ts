import db from '@adonisjs/lucid/services/db'
import { prepared } from '#support/prepared_statement'

export interface InboxCounts {
  total: number
  unread: number
}

/**
 * The inbox totals of a user in a company, kept by database triggers on
 * notifications (migration create_notification_counters): one
 * primary-key read instead of counting the inbox.
 */
export async function inboxCounts(userId: string, companyId: string): Promise<InboxCounts> {
  const row = await prepared(inboxCountsQuery(userId, companyId)).first()
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) }
}

/** inboxCounts' query (no row: an empty inbox), for a statement that reads it in place (B10) */
export function inboxCountsQuery(userId: string, companyId: string) {
  return db
    .from('notification_counters')
    .where('user_id', userId)
    .where('company_id', companyId)
    .select('total', 'unread')
}
