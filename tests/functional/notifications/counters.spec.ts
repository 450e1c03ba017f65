import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Notification from '#models/notification'
import { inboxCounts } from '#services/notifications/counters'
import { companyWithOwner } from '#tests/support/tenancy'
import { inboxOf } from '#tests/support/notifications'
import type Company from '#models/company'
import type User from '#models/user'
import { as } from '#tests/support/http'

/**
 * What the counters must equal: the inbox counted row by row, a row being
 * unread when neither its row nor the inbox's read-all watermark says read
 */
async function counted(user: User, company: Company) {
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT n.is_read AND n.created_at > coalesce(c.read_before, '-infinity'))::int AS unread
       FROM notifications n
       LEFT JOIN notification_counters c ON c.user_id = n.user_id AND c.company_id = n.company_id
      WHERE n.user_id = ? AND n.company_id = ?`,
    [user.id, company.id]
  )
  return rows[0]
}

test.group('Notifications / inbox counters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('follow batch inserts, read, read-all and deletes', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const notifications = await inboxOf(owner, company, 7)
    assert.deepEqual(await inboxCounts(owner.id, company.id), await counted(owner, company))
    assert.deepEqual(await inboxCounts(owner.id, company.id), { total: 7, unread: 7 })

    const request = as(client, owner, company)
    ;(await request.patch(`/notifications/${notifications[0].id}/read`)).assertStatus(200)
    ;(await request.patch(`/notifications/${notifications[0].id}/read`)).assertStatus(200)
    assert.deepEqual(await inboxCounts(owner.id, company.id), { total: 7, unread: 6 })

    await Notification.query().where('id', notifications[1].id).delete()
    assert.deepEqual(await inboxCounts(owner.id, company.id), { total: 6, unread: 5 })

    ;(await request.patch('/notifications/read-all')).assertStatus(200)
    assert.deepEqual(await inboxCounts(owner.id, company.id), { total: 6, unread: 0 })
    assert.deepEqual(await inboxCounts(owner.id, company.id), await counted(owner, company))
  })

  test('I1 totals and I2 come from the counters, per read filter', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const notifications = await inboxOf(owner, company, 5)
    await Notification.query()
      .whereIn('id', [notifications[0].id, notifications[1].id])
      .update({ isRead: true })

    const request = as(client, owner, company)
    const all = await request.get('/notifications').qs({ perPage: 2 })
    assert.include(all.body().data, { total: 5, page: 1, perPage: 2, totalPages: 3 })
    assert.lengthOf(all.body().data.data, 2)

    const unread = await request.get('/notifications').qs({ isRead: false })
    assert.equal(unread.body().data.total, 3)
    const read = await request.get('/notifications').qs({ isRead: true })
    assert.equal(read.body().data.total, 2)

    const count = await request.get('/notifications/unread-count')
    count.assertBody({ data: { count: 3 } })
  })
})
