import db from '@adonisjs/lucid/services/db'
import { notify } from '#services/notifications/notifier'

/** Members notified per statement batch (one transaction per batch) */
export const BROADCAST_BATCH_SIZE = 1000

export interface SystemAlert {
  /** A company id, or every company */
  company: string | 'all'
  title: string
  message: string
}

/**
 * `node ace notifications:broadcast`: a `system_alert` (mandatory, scope
 * company) to every member of the company, or of every company. Members
 * are read in keyset pages and each page is one batch insert of rows and
 * deliveries in its own transaction, so a large broadcast holds no long
 * transaction; a person in two companies gets one alert per company.
 * Returns how many alerts were created.
 */
export default class BroadcastSystemAlert {
  async handle({ company, title, message }: SystemAlert, batchSize = BROADCAST_BATCH_SIZE) {
    let sent = 0
    let after: { companyId: string; userId: string } | null = null
    for (;;) {
      const members: { companyId: string; userId: string }[] = await db
        .from('company_members')
        .select('company_id as companyId', 'user_id as userId')
        .if(company !== 'all', (query) => query.where('company_id', company))
        .if(after, (query) =>
          query.whereRaw('(company_id, user_id) > (?, ?)', [after!.companyId, after!.userId])
        )
        .orderBy([
          { column: 'company_id', order: 'asc' },
          { column: 'user_id', order: 'asc' },
        ])
        .limit(batchSize)
      if (members.length === 0) return sent

      await db.transaction((trx) =>
        notify(
          'system_alert',
          members,
          { title, message, scope: 'company', priority: 'high' },
          { trx }
        )
      )
      sent += members.length
      after = members[members.length - 1]
      if (members.length < batchSize) return sent
    }
  }
}
