import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import Notification from '#models/notification'
import { NotificationFactory } from '#database/factories/notification_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { inboxOf } from '#tests/support/notifications'
import { as } from '#tests/support/http'
import { planCounts } from '#tests/support/prepared_runs'

test.group('Notifications / inbox (I1-I4)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('I1 lists only the caller notifications in the header company, newest first', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const colleague = await memberOf(company, 'user')
    const mine = await inboxOf(owner, company, 3)
    await inboxOf(colleague, company, 2)
    await inboxOf(owner, other, 2)
    for (const [index, notification] of mine.entries()) {
      notification.createdAt = DateTime.now().minus({ minutes: index })
      await notification.save()
    }

    const response = await as(client, owner, company).get('/notifications')
    response.assertStatus(200)
    const body = response.body().data
    assert.deepEqual(
      body.data.map((n: { id: string }) => n.id),
      mine.map((n) => n.id)
    )
    assert.include(body, { total: 3, page: 1, perPage: 20, totalPages: 1 })
    assert.equal(body.data[0].companyId, company.id)
  })

  test('I1 runs on its generic plan from its first run, whatever the filters', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await inboxOf(owner, company, 3)
    for (const query of ['', '?scope=contract', '?isRead=false&page=2']) {
      const before = await planCounts('WITH inbox AS')
      ;(await as(client, owner, company).get(`/notifications${query}`)).assertStatus(200)
      const after = await planCounts('WITH inbox AS')
      assert.equal(after.generic - before.generic, 1, query)
      assert.equal(after.custom, before.custom, query)
    }
  })

  test('I1 paginates (perPage up to 50) and filters by scope and isRead', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await NotificationFactory.merge({ userId: owner.id, companyId: company.id, scope: 'contract' })
      .apply('read')
      .createMany(3)
    await NotificationFactory.merge({
      userId: owner.id,
      companyId: company.id,
      scope: 'personal',
    }).createMany(2)
    const request = as(client, owner, company)

    const page = await request.get('/notifications').qs({ perPage: 2, page: 3 })
    assert.include(page.body().data, { total: 5, page: 3, perPage: 2, totalPages: 3 })
    assert.lengthOf(page.body().data.data, 1)

    const contract = await request.get('/notifications').qs({ scope: 'contract' })
    assert.equal(contract.body().data.total, 3)
    const all = await request.get('/notifications').qs({ scope: 'all', isRead: false })
    assert.equal(all.body().data.total, 2)
    const readPersonal = await request.get('/notifications').qs({
      scope: 'personal',
      isRead: true,
    })
    assert.equal(readPersonal.body().data.total, 0)
    const max = await request.get('/notifications').qs({ perPage: 50 })
    max.assertStatus(200)
  })

  test('I1 rejects bad filters with 422', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    for (const qs of [
      { perPage: 0 },
      { perPage: 51 },
      { perPage: 'abc' },
      { page: 0 },
      { scope: 'global' },
      { isRead: 'maybe' },
    ]) {
      const response = await as(client, owner, company).get('/notifications').qs(qs)
      response.assertStatus(422)
    }
  })

  test('I2 counts unread notifications of the caller in the company', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    await inboxOf(owner, company, 3)
    await NotificationFactory.merge({ userId: owner.id, companyId: company.id })
      .apply('read')
      .create()
    await inboxOf(owner, other, 4)
    await inboxOf(await memberOf(company, 'admin'), company, 5)

    const response = await as(client, owner, company).get('/notifications/unread-count')
    response.assertStatus(200)
    response.assertBody({ data: { count: 3 } })
  })

  test('I3 marks a notification read once; reading again changes nothing', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const [notification] = await inboxOf(owner, company)

    const first = await as(client, owner, company).patch(`/notifications/${notification.id}/read`)
    first.assertStatus(200)
    assert.isTrue(first.body().data.isRead)
    assert.isNotNull(first.body().data.readAt)

    const second = await as(client, owner, company).patch(`/notifications/${notification.id}/read`)
    second.assertStatus(200)
    assert.equal(second.body().data.readAt, first.body().data.readAt)
  })

  test('I3 is 404 for another user, another company, an unknown or malformed id', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const colleague = await memberOf(company, 'admin')
    const { company: other, owner: otherOwner } = await companyWithOwner()
    const { default: CompanyMember } = await import('#models/company_member')
    await CompanyMember.create({ companyId: other.id, userId: owner.id, role: 'user' })
    const [colleagues] = await inboxOf(colleague, company)
    const [ownInOther] = await inboxOf(owner, other)
    const [foreign] = await inboxOf(otherOwner, other)

    for (const id of [colleagues.id, ownInOther.id, foreign.id, crypto.randomUUID(), 'nope']) {
      const response = await as(client, owner, company).patch(`/notifications/${id}/read`)
      response.assertStatus(404)
      response.assertBodyContains({ message: 'Notificação não encontrada' })
    }
    const untouched = await Notification.query().whereIn('id', [
      colleagues.id,
      ownInOther.id,
      foreign.id,
    ])
    assert.isTrue(untouched.every((n) => !n.isRead))
  })

  test('I4 marks every unread notification of the caller in the company', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const colleague = await memberOf(company, 'user')
    await inboxOf(owner, company, 3)
    await inboxOf(owner, other, 2)
    await inboxOf(colleague, company, 2)

    const response = await as(client, owner, company).patch('/notifications/read-all')
    response.assertStatus(200)
    response.assertBody({ data: { success: true } })

    const unread = await Notification.query().withScopes((scopes) => scopes.unread())
    assert.lengthOf(unread, 4)
    assert.isTrue(unread.every((n) => n.userId !== owner.id || n.companyId !== company.id))
  })

  test('every inbox endpoint needs a token (401) and a membership (403)', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const { company: stranger } = await companyWithOwner()
    const [notification] = await inboxOf(owner, company)
    const endpoints = [
      ['get', '/notifications'],
      ['get', '/notifications/unread-count'],
      ['patch', `/notifications/${notification.id}/read`],
      ['patch', '/notifications/read-all'],
    ] as const
    for (const [method, path] of endpoints) {
      const anonymous = await client[method](`/api/v1${path}`).header('x-company-id', company.id)
      anonymous.assertStatus(401)
      const outsider = await as(client, owner, stranger)[method](path)
      outsider.assertStatus(403)
    }
  })

  test('a provider member reads its own inbox', async ({ client }) => {
    const { company } = await companyWithOwner()
    const provider = await memberOf(company, 'provider')
    await inboxOf(provider, company, 2)
    const response = await as(client, provider, company).get('/notifications/unread-count')
    response.assertBody({ data: { count: 2 } })
  })
})
