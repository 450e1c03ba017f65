import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import PruneNotifications from '#actions/notifications/prune_notifications'
import { inboxPageSql } from '#actions/notifications/list_notifications'
import type Company from '#models/company'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'

const EVERY = 256

/**
 * `count` notifications in the inbox, the n-th created `n` minutes before
 * `base` (n from `from`), inserted in one statement, oldest first or
 * newest first
 */
async function insertRows(
  user: User,
  company: Company,
  { from = 1, count, base = DateTime.now(), newestFirst = false }: InsertOptions
) {
  await db.rawQuery(
    `INSERT INTO notifications (company_id, user_id, scope, type, title, message, created_at, updated_at)
     SELECT ?, ?, 'personal', 'reminder', 'Rank ' || n, 'Message ' || n,
            ?::timestamptz - make_interval(mins => n), now()
       FROM generate_series(?::int, ?::int) AS n
      ORDER BY n ${newestFirst ? 'ASC' : 'DESC'}`,
    [company.id, user.id, base.toJSDate(), from, from + count - 1]
  )
}

interface InsertOptions {
  from?: number
  count: number
  base?: DateTime
  newestFirst?: boolean
}

/** An index scan of notifications in a plan, as EXPLAIN (FORMAT JSON) reports it */
interface IndexScan {
  'Node Type': string
  'Index Name'?: string
  'Actual Rows': number
  'Rows Removed by Filter'?: number
}

/** The index scans of notifications in the analyzed plan of a statement */
async function notificationIndexScans({ sql, bindings }: { sql: string; bindings: any }) {
  const { rows } = await db.rawQuery(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings)
  const scans: IndexScan[] = []
  const walk = (node: any) => {
    const ofNotifications =
      node['Relation Name'] === 'notifications' || /^notifications_/.test(node['Index Name'] ?? '')
    if (ofNotifications && /Index/.test(node['Node Type'])) scans.push(node)
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(rows[0]['QUERY PLAN'][0].Plan)
  return scans
}

/** Every mark of the inbox counts exactly the rows below its key */
async function assertMarksExact(user: User, company: Company, assert: any) {
  const { rows } = await db.rawQuery(
    `SELECT m.older, (SELECT count(*)::int FROM notifications n
                       WHERE n.user_id = m.user_id AND n.company_id = m.company_id
                         AND (n.created_at, n.id) < (m.created_at, m.id)) AS counted
       FROM notification_rank_marks m WHERE m.user_id = ? AND m.company_id = ?`,
    [user.id, company.id]
  )
  for (const row of rows) assert.equal(row.older, row.counted)
  return rows.length
}

/** The page as the offset walk over the inbox's order gives it */
async function expectedPage(user: User, company: Company, page: number, perPage: number) {
  const { rows } = await db.rawQuery(
    `SELECT id FROM notifications WHERE user_id = ? AND company_id = ?
      ORDER BY created_at DESC, id DESC OFFSET ? LIMIT ?`,
    [user.id, company.id, (page - 1) * perPage, perPage]
  )
  return rows.map((row: { id: string }) => row.id)
}

/** I1's pages equal the offset walk's, near the top, deep, last and past the end */
async function assertPages(
  client: ApiClient,
  user: User,
  company: Company,
  assert: any,
  perPages = [50, 7]
) {
  const { rows } = await db.rawQuery(
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = ? AND company_id = ?',
    [user.id, company.id]
  )
  const total = rows[0].n
  for (const perPage of perPages) {
    const last = Math.max(Math.ceil(total / perPage), 1)
    const pages = [1, 2, Math.ceil(last / 2), last - 1, last, last + 1, last + 40]
    for (const page of [...new Set(pages)].filter((p) => p >= 1)) {
      const response = await as(client, user, company).get('/notifications').qs({ page, perPage })
      response.assertStatus(200)
      const body = response.body().data
      assert.deepEqual(
        body.data.map((row: { id: string }) => row.id),
        await expectedPage(user, company, page, perPage),
        `page ${page} x ${perPage} of ${total}`
      )
      assert.include(body, { total, page, perPage, totalPages: last })
    }
  }
}

/**
 * The unfiltered inbox's deep pages start below a rank mark
 * (notification_rank_marks) instead of walking the offset. The marks'
 * `older` stays exact through inserts (on top, late, below everything),
 * deletes (prune, middle), moves of created_at and read-all, and every
 * page equals the offset walk's.
 */
test.group('Notifications / rank marks (deep pages)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('marks every 256th row; pages equal the offset walk', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    await insertRows(owner, company, { count: 1300 })
    const marks = await assertMarksExact(owner, company, assert)
    assert.equal(marks, Math.floor((1300 - 1) / EVERY))
    await assertPages(client, owner, company, assert)

    /** Inserted newest first (one statement): the same marks */
    const other = await companyWithOwner()
    await insertRows(other.owner, other.company, { count: 1300, newestFirst: true })
    assert.equal(await assertMarksExact(other.owner, other.company, assert), marks)
  })

  test('new rows on top, one by one and in a batch, add marks as the inbox grows', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await insertRows(owner, company, { count: EVERY - 2 })
    assert.equal(await assertMarksExact(owner, company, assert), 0)
    /** One row per statement, each newer than the last (the usual insert) */
    for (let index = 1; index <= 4; index++) {
      await insertRows(owner, company, { count: 1, base: DateTime.now().plus({ minutes: index }) })
    }
    assert.equal(await assertMarksExact(owner, company, assert), 1)
    await insertRows(owner, company, { count: 600, base: DateTime.now().plus({ days: 1 }) })
    assert.equal(await assertMarksExact(owner, company, assert), 3)
    await assertPages(client, owner, company, assert)
  })

  test('late rows, rows below everything and moved rows keep every mark exact', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const base = DateTime.now().minus({ days: 1 })
    await insertRows(owner, company, { count: 900, base })
    /** Between existing rows (a late transaction's rows) */
    await insertRows(owner, company, { count: 40, base: base.minus({ seconds: 30 }) })
    /** Below every row (an older backlog) */
    await insertRows(owner, company, { from: 5000, count: 300, base })
    assert.isAbove(await assertMarksExact(owner, company, assert), 0)
    await assertPages(client, owner, company, assert)

    /** created_at moved: some rows to the top, some to the bottom */
    await db.rawQuery(
      `UPDATE notifications SET created_at = created_at + interval '2 days'
        WHERE id IN (SELECT id FROM notifications WHERE user_id = ? AND company_id = ?
                      ORDER BY created_at LIMIT 13 OFFSET 400)`,
      [owner.id, company.id]
    )
    await db.rawQuery(
      `UPDATE notifications SET created_at = created_at - interval '20 days'
        WHERE id IN (SELECT id FROM notifications WHERE user_id = ? AND company_id = ?
                      ORDER BY created_at DESC LIMIT 9 OFFSET 100)`,
      [owner.id, company.id]
    )
    await assertMarksExact(owner, company, assert)
    await assertPages(client, owner, company, assert)
  })

  test('prune of the oldest and deletes in the middle keep every mark exact', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await insertRows(owner, company, { count: 700, base: DateTime.now().minus({ days: 120 }) })
    await insertRows(owner, company, { count: 800, base: DateTime.now() })
    const before = await assertMarksExact(owner, company, assert)

    const prune = await app.container.make(PruneNotifications)
    assert.equal(await prune.handle({ days: 90, batchSize: 123 }), 700)
    const after = await assertMarksExact(owner, company, assert)
    assert.isBelow(after, before)
    const { rows } = await db.rawQuery(
      'SELECT count(*)::int AS n FROM notification_rank_marks WHERE user_id = ? AND older <= 0',
      [owner.id]
    )
    assert.equal(rows[0].n, 0)
    await assertPages(client, owner, company, assert)

    await db.rawQuery(
      `DELETE FROM notifications WHERE id IN (
         SELECT id FROM notifications WHERE user_id = ? AND company_id = ?
          ORDER BY created_at DESC OFFSET 300 LIMIT 77)`,
      [owner.id, company.id]
    )
    await assertMarksExact(owner, company, assert)
    await assertPages(client, owner, company, assert)
  })

  test('after read-all and new rows, pages and read state stay the offset walk', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await insertRows(owner, company, { count: 700, base: DateTime.now().minus({ hours: 1 }) })
    ;(await as(client, owner, company).patch('/notifications/read-all')).assertStatus(200)
    await insertRows(owner, company, { count: 30, base: DateTime.now().plus({ minutes: 31 }) })
    /** Late rows (under the watermark): the insert trigger restamps them */
    await insertRows(owner, company, { count: 20, base: DateTime.now().minus({ hours: 2 }) })
    const { rows: late } = await db.rawQuery(
      `SELECT count(*)::int AS n FROM notifications
        WHERE user_id = ? AND company_id = ? AND created_at > now() - interval '1 minute'
          AND title LIKE 'Rank %' AND created_at < now() + interval '1 minute'`,
      [owner.id, company.id]
    )
    assert.equal(late[0].n, 20)
    await assertMarksExact(owner, company, assert)
    await assertPages(client, owner, company, assert)

    const deep = await as(client, owner, company)
      .get('/notifications')
      .qs({ page: 12, perPage: 50 })
    const rows = deep.body().data.data
    assert.lengthOf(rows, 50)
    assert.isTrue(rows.every((row: { isRead: boolean }) => row.isRead))
  })

  test('page 1 and a deep page each read at most one mark interval of the index', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await insertRows(owner, company, { count: 6000 })
    await db.rawQuery('ANALYZE notifications, notification_rank_marks')

    for (const [page, perPage, most] of [
      [1, 20, 20],
      [100, 50, EVERY + 50],
      [119, 50, EVERY + 50],
      [200, 50, 0],
    ]) {
      const scans = await notificationIndexScans(
        inboxPageSql(owner.id, company.id, { page, perPage })
      )
      /** The id step is the inbox index (no seq scan, no sort of the inbox) */
      const idStep = scans.find((node) => node['Index Name'] === 'notifications_inbox_idx')
      assert.exists(idStep, `page ${page}`)
      assert.isAtMost(idStep!['Actual Rows'], most, `page ${page} x ${perPage}`)
      /* The page's rows are read again as one range of the walked index (the
         one scan that reads rows, not only the index): never by id through
         the primary key, whose random keys scatter a page over as many leaf
         pages as it has rows */
      const indexes = scans.map((node) => node['Index Name'])
      assert.notInclude(indexes, 'notifications_pkey', `page ${page}`)
      const rowReads = scans.filter((node) => node['Node Type'] !== 'Index Only Scan')
      assert.lengthOf(rowReads, 1, `page ${page}`)
      assert.equal(rowReads[0]['Index Name'], 'notifications_inbox_idx', `page ${page}`)
      assert.equal(rowReads[0]['Actual Rows'], page === 200 ? 0 : perPage, `page ${page}`)
    }
  })

  test("a scope's page reads that scope's entries only, whatever the newer ones of other scopes", async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await db.rawQuery(
      `INSERT INTO notifications (company_id, user_id, scope, type, title, message, created_at, updated_at)
       SELECT ?, ?, 'contract', 'reminder', 'Contract ' || n, 'Message ' || n,
              now() - interval '3 days' - make_interval(mins => n), now()
         FROM generate_series(1, 30) AS n`,
      [company.id, owner.id]
    )
    await insertRows(owner, company, { count: 3000 })
    await db.rawQuery('ANALYZE notifications')

    const scans = await notificationIndexScans(
      inboxPageSql(owner.id, company.id, { scope: 'contract', page: 1, perPage: 20 })
    )
    const idStep = scans.find((node) => node['Index Name'] === 'notifications_scope_idx')
    assert.exists(idStep, JSON.stringify(scans.map((node) => node['Index Name'])))
    assert.isAtMost(idStep!['Actual Rows'] + (idStep!['Rows Removed by Filter'] ?? 0), 20)

    const page = await as(client, owner, company).get('/notifications').qs({ scope: 'contract' })
    const titles = page.body().data.data.map((row: { title: string }) => row.title)
    assert.deepEqual(
      titles,
      Array.from({ length: 20 }, (_, index) => `Contract ${index + 1}`)
    )
    assert.equal(page.body().data.total, 30)
  })
})
