import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { companyWithOwner } from '#tests/support/tenancy'

const ROWS = 40_000

/** `ROWS` notifications in one inbox, one statement */
async function largeInbox() {
  const { company, owner } = await companyWithOwner()
  await db.rawQuery(
    `INSERT INTO notifications (company_id, user_id, scope, type, title, message, created_at, updated_at)
     SELECT ?, ?, 'personal', 'reminder', 'Bulk ' || n, 'Message', now() - make_interval(secs => n), now()
       FROM generate_series(1, ?::int) AS n`,
    [company.id, owner.id, ROWS]
  )
  return { company, owner }
}

async function timed(work: () => Promise<unknown>) {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/**
 * The notifications UPDATE triggers ask whether any row's created_at or
 * is_read changed. Asked with EXISTS over the two transition tables joined
 * (a nested loop: every new row against every old one when nothing
 * matches), a 40k-row update took tens of seconds and 900k late rows never
 * finished; asked as set differences it reads each once
 * (migration 1764300020001).
 */
test.group('Notifications: bulk updates stay linear', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an update of 40k rows that changes neither created_at nor is_read', async ({ assert }) => {
    const { owner, company } = await largeInbox()
    const ms = await timed(() =>
      db.rawQuery(`UPDATE notifications SET title = title || '!' WHERE user_id = ?`, [owner.id])
    )
    assert.isBelow(ms, 12_000)
    const { rows } = await db.rawQuery(
      'SELECT total FROM notification_counters WHERE user_id = ? AND company_id = ?',
      [owner.id, company.id]
    )
    assert.equal(rows[0].total, ROWS)
  })

  test('an update of 40k rows that moves every created_at keeps the rank marks exact', async ({
    assert,
  }) => {
    const { owner, company } = await largeInbox()
    const ms = await timed(() =>
      db.rawQuery(
        `UPDATE notifications SET created_at = created_at - interval '1 day' WHERE user_id = ?`,
        [owner.id]
      )
    )
    assert.isBelow(ms, 12_000)
    /* Every mark still counts exactly the rows older than its key */
    const { rows } = await db.rawQuery(
      `SELECT count(*)::int AS wrong, (SELECT count(*)::int FROM notification_rank_marks
                                       WHERE user_id = ? AND company_id = ?) AS marks
         FROM notification_rank_marks k
        WHERE k.user_id = ? AND k.company_id = ?
          AND k.older <> (SELECT count(*) FROM notifications t
                           WHERE t.user_id = k.user_id AND t.company_id = k.company_id
                             AND (t.created_at, t.id) < (k.created_at, k.id))`,
      [owner.id, company.id, owner.id, company.id]
    )
    assert.isAbove(rows[0].marks, 100)
    assert.equal(rows[0].wrong, 0)
  })
})
