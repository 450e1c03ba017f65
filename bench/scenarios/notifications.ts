import db from '@adonisjs/lucid/services/db'
import type { BenchArea } from '#bench/types'

/**
 * The borrower owner's inbox: 100k notifications at scale 1 (a third
 * unread), newest first page, a deep page and the unread count. Both
 * lists walk notifications_inbox_idx (user, company, created_at DESC, id
 * DESC); the count uses the partial unread index.
 */
const notifications: BenchArea = {
  area: 'notifications',
  async seed({ scale, borrower, borrowerOwner, tokenFor }) {
    const target = 100_000 * scale
    const { rows } = await db.rawQuery(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = ? AND company_id = ?',
      [borrowerOwner.id, borrower.id]
    )
    const missing = target - rows[0].n
    if (missing > 0) {
      await db.rawQuery(
        `INSERT INTO notifications
           (company_id, user_id, scope, type, title, message, priority, is_read, read_at,
            activity, created_at, updated_at)
         SELECT ?, ?, (ARRAY['company','contract','personal','role','action'])[1 + n % 5],
                'reminder', 'Bench notification ' || n, 'Message ' || n, 'medium',
                n % 3 <> 0, CASE WHEN n % 3 <> 0 THEN now() END, NULL,
                now() - (n || ' seconds')::interval, now()
         FROM generate_series(?::int, ?::int) AS n`,
        [borrower.id, borrowerOwner.id, rows[0].n + 1, target]
      )
      await db.rawQuery('VACUUM ANALYZE notifications')
    }

    const headers = {
      'authorization': `Bearer ${await tokenFor(borrowerOwner)}`,
      'x-company-id': borrower.id,
    }
    return [
      { name: 'GET /notifications', method: 'GET', path: '/api/v1/notifications', headers },
      {
        name: 'GET /notifications page 1000 x 50',
        method: 'GET',
        path: '/api/v1/notifications?page=1000&perPage=50',
        headers,
      },
      {
        name: 'GET /notifications/unread-count',
        method: 'GET',
        path: '/api/v1/notifications/unread-count',
        headers,
      },
      /** Writes: each answers 2xx however often it repeats */
      {
        name: 'POST /notifications/custom',
        method: 'POST',
        path: '/api/v1/notifications/custom',
        headers,
        body: {
          sendTo: borrowerOwner.id,
          title: 'Bench',
          message: 'A custom bench message',
          platforms: ['platform', 'email'],
        },
      },
      {
        name: 'PATCH /notifications/read-all',
        method: 'PATCH',
        path: '/api/v1/notifications/read-all',
        headers,
      },
    ]
  },
}

export default notifications
