import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Notification from '#models/notification'
import NotificationDto from '#dtos/notification_dto'
import { notify } from '#services/notifications/notifier'
import { inboxCounts } from '#services/notifications/counters'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { inboxOf } from '#tests/support/notifications'
import { as } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { apiTimestampBindings } from '#support/json_text'
import type Company from '#models/company'
import type User from '#models/user'

type Row = { id: string; isRead: boolean; readAt: string | null }

/** The whole inbox through I1, newest first */
async function listed(client: any, user: User, company: Company, qs: Record<string, unknown> = {}) {
  const response = await as(client, user, company)
    .get('/notifications')
    .qs({ perPage: 50, ...qs })
  response.assertStatus(200)
  return response.body().data as { data: Row[]; total: number }
}

/** The inbox's counters must equal the inbox counted row by row, watermark applied */
async function assertCountersExact(assert: any, user: User, company: Company) {
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT n.is_read AND n.created_at > coalesce(c.read_before, '-infinity'))::int AS unread
       FROM notifications n
       LEFT JOIN notification_counters c ON c.user_id = n.user_id AND c.company_id = n.company_id
      WHERE n.user_id = ? AND n.company_id = ?`,
    [user.id, company.id]
  )
  assert.deepEqual(await inboxCounts(user.id, company.id), rows[0])
}

/**
 * I4 marks the inbox read with a watermark (two rows written,
 * whatever the size of the inbox), and every read path honours it.
 */
test.group('Notifications / read-all watermark (I4)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  test('read-all writes no notification row, whatever the inbox size', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const small = await memberOf(company, 'user')
    await inboxOf(owner, company, 40)
    await inboxOf(small, company, 2)

    const costOf = async (user: User) =>
      statementsOf(async () => {
        ;(await as(client, user, company).patch('/notifications/read-all')).assertStatus(200)
      })
    const large = await costOf(owner)
    const few = await costOf(small)
    /** No statement updates notifications, and 40 rows cost what 2 cost */
    assert.notExists(large.find((sql) => /update\s+"?notifications"?\s/i.test(sql)))
    assert.equal(large.length, few.length)

    const physicallyUnread = await Notification.query()
      .where('user_id', owner.id)
      .where('is_read', false)
    assert.lengthOf(physicallyUnread, 40)
    assert.lengthOf(await Notification.query().withScopes((s) => s.unread()), 0)
  })

  test('after read-all every existing notification reads as read, with the read-all time', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const [readBefore] = await inboxOf(owner, company, 1)
    readBefore.merge({ isRead: true, readAt: DateTime.fromISO('2026-01-02T03:04:05.678Z') })
    await readBefore.save()
    await inboxOf(owner, company, 4)

    freezeClock('2026-11-20T10:00:00.000Z')
    ;(await as(client, owner, company).patch('/notifications/read-all')).assertStatus(200)

    const all = await listed(client, owner, company)
    assert.lengthOf(all.data, 5)
    for (const row of all.data) {
      assert.isTrue(row.isRead)
      const expected =
        row.id === readBefore.id ? '2026-01-02T03:04:05.678' : '2026-11-20T10:00:00.000'
      assert.equal(DateTime.fromISO(row.readAt!).toUTC().toISO({ includeOffset: false }), expected)
    }
    assert.equal((await listed(client, owner, company, { isRead: false })).total, 0)
    assert.lengthOf((await listed(client, owner, company, { isRead: false })).data, 0)
    assert.equal((await listed(client, owner, company, { isRead: true })).total, 5)
    assert.lengthOf((await listed(client, owner, company, { isRead: true })).data, 5)
    const count = await as(client, owner, company).get('/notifications/unread-count')
    count.assertBody({ data: { count: 0 } })
    await assertCountersExact(assert, owner, company)
  })

  test('newer notifications are unread; a second read-all keeps the first one’s readAt', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const old = await inboxOf(owner, company, 2)
    freezeClock('2026-11-20T10:00:00.000Z')
    ;(await as(client, owner, company).patch('/notifications/read-all')).assertStatus(200)

    /** Through the pipeline, in its own transaction: a notification that comes later */
    await db.transaction((trx) =>
      notify(
        'custom',
        [{ userId: owner.id, companyId: company.id }],
        { title: 'Nova', message: 'Depois', scope: 'personal' },
        { trx, channels: ['platform'] }
      )
    )
    const fresh = await Notification.query()
      .where('user_id', owner.id)
      .where('title', 'Nova')
      .firstOrFail()

    const unread = await listed(client, owner, company, { isRead: false })
    assert.deepEqual(
      unread.data.map((row) => row.id),
      [fresh.id]
    )
    assert.equal(unread.total, 1)
    ;(await as(client, owner, company).get('/notifications/unread-count')).assertBody({
      data: { count: 1 },
    })
    await assertCountersExact(assert, owner, company)

    freezeClock('2026-11-21T10:00:00.000Z')
    ;(await as(client, owner, company).patch('/notifications/read-all')).assertStatus(200)
    const all = await listed(client, owner, company)
    const readAt = (id: string) =>
      DateTime.fromISO(all.data.find((row) => row.id === id)!.readAt!)
        .toUTC()
        .toISO()
    assert.equal(readAt(old[0].id), '2026-11-20T10:00:00.000Z')
    assert.equal(readAt(old[1].id), '2026-11-20T10:00:00.000Z')
    assert.equal(readAt(fresh.id), '2026-11-21T10:00:00.000Z')
    await assertCountersExact(assert, owner, company)
  })

  test('I3 on a notification read-all covers answers it read at the read-all time', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const [covered] = await inboxOf(owner, company, 2)
    freezeClock('2026-11-20T10:00:00.000Z')
    ;(await as(client, owner, company).patch('/notifications/read-all')).assertStatus(200)

    freezeClock('2026-11-22T10:00:00.000Z')
    const first = await as(client, owner, company).patch(`/notifications/${covered.id}/read`)
    first.assertStatus(200)
    assert.isTrue(first.body().data.isRead)
    assert.equal(
      DateTime.fromISO(first.body().data.readAt).toUTC().toISO(),
      '2026-11-20T10:00:00.000Z'
    )
    const again = await as(client, owner, company).patch(`/notifications/${covered.id}/read`)
    assert.equal(again.body().data.readAt, first.body().data.readAt)
    assert.deepEqual(await inboxCounts(owner.id, company.id), { total: 2, unread: 0 })
    await assertCountersExact(assert, owner, company)
  })

  test('a row stamped before the watermark but inserted after it arrives unread', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await inboxOf(owner, company, 2)
    ;(await as(client, owner, company).patch('/notifications/read-all')).assertStatus(200)

    /** As a transaction that began before the read-all and commits after it */
    const [late] = await db
      .table('notifications')
      .insert({
        company_id: company.id,
        user_id: owner.id,
        scope: 'personal',
        type: 'custom',
        title: 'Tarde',
        message: 'Começou antes',
        created_at: DateTime.now().minus({ hours: 1 }).toJSDate(),
      })
      .returning('id')

    const unread = await listed(client, owner, company, { isRead: false })
    assert.deepEqual(
      unread.data.map((row) => row.id),
      [late.id]
    )
    ;(await as(client, owner, company).get('/notifications/unread-count')).assertBody({
      data: { count: 1 },
    })
    await assertCountersExact(assert, owner, company)
  })

  test('counters stay exact through deletes and row updates around a watermark', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const rows = await inboxOf(owner, company, 4)
    ;(await as(client, owner, company).patch('/notifications/read-all')).assertStatus(200)
    const [newer] = await inboxOf(owner, company, 1)

    /** A covered row deleted: total moves, unread does not */
    await Notification.query().where('id', rows[0].id).delete()
    await assertCountersExact(assert, owner, company)
    /** A covered row flipped on the row itself: still read, nothing moves */
    await Notification.query().where('id', rows[1].id).update({ isRead: true })
    await assertCountersExact(assert, owner, company)
    /** An unread row moved under the watermark: it becomes read */
    newer.createdAt = DateTime.now().minus({ days: 30 })
    await newer.save()
    await assertCountersExact(assert, owner, company)
    assert.deepEqual(await inboxCounts(owner.id, company.id), { total: 4, unread: 0 })
  })

  test('the list written by PostgreSQL is the DTO, byte for byte in every field', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const actor = await memberOf(company, 'admin')
    await db.rawQuery(
      `INSERT INTO notifications (company_id, user_id, scope, type, title, message, priority,
         is_read, read_at, activity, actor_id, actor_name, actor_avatar, created_at, updated_at)
       VALUES (?, ?, 'contract', 'contract_created', 'Título "aspas" \\ ção', E'Linha 1\\nLinha 2',
         'high', true, '2026-03-04 05:06:07.999999+00',
         '{"entityType":"contract","links":[{"label":"Ver","route":"/c/1","params":{"id":1}}],"metadata":{"z":1,"a":null}}',
         ?, 'Ana (admin)', 'https://cdn.test/a.png',
         '2026-03-01 00:00:00.000999+00', '2026-12-31 23:59:59.123456+00')`,
      [company.id, owner.id, actor.id]
    )
    await inboxOf(owner, company, 2)

    const response = await as(client, owner, company).get('/notifications')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^application\/json/)
    const models = await Notification.query()
      .withScopes((s) => s.inbox(owner.id, company.id))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    assert.deepEqual(
      response.body().data.data,
      models.map((model) => NotificationDto.fromModel(model))
    )
  })

  test('the list written by PostgreSQL escapes hostile text as the DTO does', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const hostile = 'q"uo\'te \\ back\nnew\r\tctl\u0001\u001f emoji 😀 %s %% %1$s {"x":1} ]'
    const base = {
      companyId: company.id,
      userId: owner.id,
      scope: 'contract',
      priority: 'high',
      createdAt: DateTime.fromISO('2026-03-01T00:00:00.000Z'),
      updatedAt: DateTime.fromISO('2026-03-02T00:00:00.000Z'),
    }
    /** Every free text field hostile (scope, priority are the spec's codes), nullable fields set */
    await Notification.create({
      ...base,
      type: `t${hostile}`.slice(0, 50),
      title: hostile,
      message: `${hostile}\n${hostile}`,
      isRead: true,
      readAt: DateTime.fromISO('2026-03-04T05:06:07.999Z'),
      activity: {
        entityType: 'contract',
        links: [{ label: hostile, route: `/c/${hostile}`, params: { id: 1 } }],
        metadata: { '%s': hostile, 'a"\\': null },
      },
      actorName: hostile,
      actorAvatar: `https://cdn.test/${hostile}`,
    } as any)
    /** The nullable fields NULL, unread */
    await Notification.create({
      ...base,
      scope: 'personal',
      priority: 'low',
      type: '%%',
      title: '%s',
      message: '',
      isRead: false,
      createdAt: DateTime.fromISO('2026-03-03T00:00:00.000Z'),
    } as any)

    const response = await as(client, owner, company).get('/notifications')
    response.assertStatus(200)
    const models = await Notification.query()
      .withScopes((s) => s.inbox(owner.id, company.id))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    assert.lengthOf(models, 2)
    assert.deepEqual(
      response.body().data.data,
      models.map((model) => NotificationDto.fromModel(model))
    )
    const { total, page, perPage, totalPages } = response.body().data
    assert.deepEqual(
      { total, page, perPage, totalPages },
      { total: 2, page: 1, perPage: 20, totalPages: 1 }
    )
  })

  test('api_timestamp formats as Luxon does in any zone, offsets and DST included', async ({
    assert,
  }) => {
    const instants = [
      '2026-11-23T22:47:42.123456Z',
      '2018-11-04T02:59:59.999999Z',
      '2018-02-18T01:30:00.5Z',
      '1999-12-31T23:59:59.000001Z',
      '2026-07-01T12:00:00Z',
    ]
    const zones = ['America/Sao_Paulo', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Berlin']
    const formatted = async (instant: string, zone: string, zulu = false) => {
      const { rows } = await db.rawQuery(
        'SELECT api_timestamp(?::timestamptz, ?, ?) AS text, ?::timestamptz AS value',
        [instant, zone, zulu, instant]
      )
      return rows[0] as { text: string; value: Date }
    }
    for (const instant of instants) {
      /** The process zone, as the DTOs format what Lucid reads */
      const { dbZone, dbZulu } = apiTimestampBindings()
      const own = await formatted(instant, dbZone, dbZulu)
      assert.equal(own.text, DateTime.fromJSDate(own.value).toISO(), instant)
      for (const zone of zones) {
        const { text, value } = await formatted(instant, zone)
        assert.equal(text, DateTime.fromJSDate(value).setZone(zone).toISO(), `${instant} ${zone}`)
      }
    }
  })
})
