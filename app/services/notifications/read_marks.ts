import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Read-all watermarks (migration add_notification_read_marks). A
 * notification reads as read when its row says so (`is_read`, I3) or when
 * it was created at or before its inbox's `read_before` (I4); its `readAt`
 * is then that of the first read-all mark covering it. I4 thus writes two
 * rows whatever the size of the inbox, and the counters' trigger counts
 * `unread` under the same definition.
 */

/**
 * SQL of the row `n`'s read state and read time, `bound` being the SQL of
 * its inbox's watermark (never null: '-infinity' when none).
 */
export const readStateSql = (bound: string) => ({
  isRead: `(n.is_read OR n.created_at <= ${bound})`,
  readAt: `CASE WHEN n.is_read THEN n.read_at WHEN n.created_at <= ${bound} THEN (
      SELECT m.read_at FROM notification_read_marks m
       WHERE m.user_id = n.user_id AND m.company_id = n.company_id
         AND m.read_before >= n.created_at
       ORDER BY m.read_before LIMIT 1) END`,
})

/**
 * I4: everything in the inbox now reads as read. The counter row is locked
 * first, so inserts of this inbox (whose trigger locks it too) are counted
 * wholly before or wholly after; the watermark is then the newest row's
 * time, read in a statement that sees every committed row. Nothing unread:
 * nothing written (repeating read-all adds no mark).
 */
export async function readAll(
  trx: TransactionClientContract,
  userId: string,
  companyId: string,
  readAt: Date
) {
  const { rows } = await trx.rawQuery(
    `SELECT unread FROM notification_counters
      WHERE user_id = ? AND company_id = ? FOR UPDATE`,
    [userId, companyId]
  )
  if (!rows.length || Number(rows[0].unread) === 0) return

  await trx.rawQuery(
    `WITH moved AS (
       UPDATE notification_counters c
          SET unread = 0,
              read_before = greatest(c.read_before, (
                SELECT max(created_at) FROM notifications
                 WHERE user_id = c.user_id AND company_id = c.company_id))
        WHERE c.user_id = :userId AND c.company_id = :companyId
        RETURNING c.user_id, c.company_id, c.read_before
     )
     INSERT INTO notification_read_marks (user_id, company_id, read_before, read_at)
     SELECT user_id, company_id, read_before, :readAt FROM moved
     ON CONFLICT DO NOTHING`,
    { userId, companyId, readAt }
  )
}

/**
 * When a read-all already covers this unread notification: the time of
 * that read-all (I3 then writes it on the row, so the row says what it
 * already read as), else null. Compared in SQL: created_at has
 * microseconds, the model's DateTime only milliseconds.
 */
export async function readAllTimeOf(
  trx: TransactionClientContract,
  notificationId: string
): Promise<Date | null> {
  const { rows } = await trx.rawQuery(
    `SELECT m.read_at FROM notifications n
       JOIN notification_read_marks m
         ON m.user_id = n.user_id AND m.company_id = n.company_id
        AND m.read_before >= n.created_at
      WHERE n.id = ?
      ORDER BY m.read_before LIMIT 1`,
    [notificationId]
  )
  return rows[0]?.read_at ?? null
}
