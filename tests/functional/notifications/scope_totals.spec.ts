import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { companyWithOwner } from '#tests/support/tenancy'
import { inboxOf } from '#tests/support/notifications'
import { as } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'
import type User from '#models/user'
import type Company from '#models/company'

/** The kept per-scope totals of an inbox, and the same counted from its rows */
async function totalsOf(user: User, company: Company) {
  const kept = await db
    .from('notification_counters')
    .where({ user_id: user.id, company_id: company.id })
    .select('scope_totals')
    .first()
  const rows = await db
    .from('notifications')
    .where({ user_id: user.id, company_id: company.id })
    .groupBy('scope')
    .select('scope')
    .count('* as total')
  const counted = Object.fromEntries(
    rows.filter((row) => Number(row.total) > 0).map((row) => [row.scope, Number(row.total)])
  )
  const nonZero = Object.fromEntries(
    Object.entries((kept?.scope_totals ?? {}) as Record<string, number>).filter(([, n]) => n !== 0)
  )
  return { kept: nonZero, counted }
}

test.group('Notifications / totals per scope', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('inserts, deletes and a changed scope keep the totals equal to the rows', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const rows = await inboxOf(owner, company, 9)
    for (const [index, row] of rows.entries()) {
      row.scope = (['contract', 'personal', 'company'] as const)[index % 3]
      await row.save()
    }
    let totals = await totalsOf(owner, company)
    assert.deepEqual(totals.kept, { contract: 3, personal: 3, company: 3 })

    /** One statement of several rows and scopes, each way */
    await db.table('notifications').multiInsert(
      ['role', 'role', 'action'].map((scope) => ({
        user_id: owner.id,
        company_id: company.id,
        scope,
        type: rows[0].type,
        priority: rows[0].priority,
        title: 'x',
        message: 'y',
      }))
    )
    await db
      .from('notifications')
      .whereIn(
        'id',
        rows.slice(0, 4).map((row) => row.id)
      )
      .delete()
    totals = await totalsOf(owner, company)
    assert.deepEqual(totals.kept, totals.counted)
    assert.deepEqual(totals.kept, { contract: 1, personal: 2, company: 2, role: 2, action: 1 })
  })

  test('one statement over two inboxes moves each inbox its own totals, with its counts', async ({
    assert,
  }) => {
    const first = await companyWithOwner()
    const second = await companyWithOwner()
    const [sample] = await inboxOf(first.owner, first.company, 1)
    const row = (inbox: typeof first, scope: string, isRead = false) => ({
      user_id: inbox.owner.id,
      company_id: inbox.company.id,
      scope,
      is_read: isRead,
      type: sample.type,
      priority: sample.priority,
      title: 'x',
      message: 'y',
    })
    const inserted = await db
      .table('notifications')
      .multiInsert([
        row(first, 'role'),
        row(second, 'role', true),
        row(second, 'role'),
        row(second, 'action'),
        row(first, 'action', true),
      ])
      .returning(['id', 'user_id', 'scope'])
    const counters = async (inbox: typeof first) =>
      await db
        .from('notification_counters')
        .where({ user_id: inbox.owner.id, company_id: inbox.company.id })
        .select('total', 'unread')
        .firstOrFail()

    let [one, two] = [
      await totalsOf(first.owner, first.company),
      await totalsOf(second.owner, second.company),
    ]
    assert.deepEqual(one.kept, one.counted)
    assert.deepEqual(two.kept, { role: 2, action: 1 })
    assert.include(await counters(second), { total: 3, unread: 2 })
    assert.include(await counters(first), { total: 3 })

    /** One delete over both inboxes: the second loses a read and an unread `role` */
    await db
      .from('notifications')
      .whereIn(
        'id',
        inserted.filter((r) => r.scope === 'role').map((r) => r.id)
      )
      .delete()
    ;[one, two] = [
      await totalsOf(first.owner, first.company),
      await totalsOf(second.owner, second.company),
    ]
    assert.deepEqual(one.kept, one.counted)
    assert.deepEqual(two.kept, { action: 1 })
    assert.include(await counters(second), { total: 1, unread: 1 })
  })

  test('I1 by scope reads the kept total, and isRead splits it exactly', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const rows = await inboxOf(owner, company, 7)
    for (const [index, row] of rows.entries()) {
      row.scope = index < 5 ? 'contract' : 'personal'
      row.isRead = index < 2
      await row.save()
    }
    const api = as(client, owner, company)
    let response: Awaited<ReturnType<typeof api.get>> | undefined
    const statements = await statementsOf(async () => {
      response = await api.get('/notifications?scope=contract&perPage=2')
    })
    response!.assertStatus(200)
    assert.include(response!.body().data, { total: 5, totalPages: 3 })
    const list = statements.filter((sql) => sql.startsWith('WITH inbox AS'))
    assert.lengthOf(list, 1, statements.join('\n'))
    assert.include(list[0], 'scope_totals')
    assert.notMatch(list[0], /count\(\*\)/i, 'the inbox rows of the scope are not counted')

    const unread = await api.get('/notifications?scope=contract&isRead=false')
    assert.equal(unread.body().data.total, 3)
    assert.lengthOf(unread.body().data.data, 3)
    const read = await api.get('/notifications?scope=contract&isRead=true')
    assert.equal(read.body().data.total, 2)
    assert.lengthOf(read.body().data.data, 2)
    /** The read-all watermark makes every row read */
    ;(await api.patch('/notifications/read-all')).assertStatus(200)
    const after = await api.get('/notifications?scope=contract&isRead=true')
    assert.equal(after.body().data.total, 5)
    const none = await api.get('/notifications?scope=role')
    assert.equal(none.body().data.total, 0)
  })
})
