import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import RetroactiveRequest from '#models/retroactive_request'
import WorkEntry from '#models/work_entry'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { entryOn, naturalProvider } from '#tests/support/hours'
import type Company from '#models/company'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { freezeClock } from '#tests/support/clock'
import { as } from '#tests/support/http'

const NOW = '2026-03-18T15:00:00.000Z'
const request = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-03-02',
  reason: 'Forgot to log the workshop',
  tasks: [{ description: 'Workshop', durationMinutes: 240 }],
  ...overrides,
})

function file(client: ApiClient, borrower: Company, user: User, body: object) {
  return as(client, user, borrower).post('/monitoring/retroactive-requests').json(body)
}

function review(client: ApiClient, borrower: Company, user: User, id: string, action: string) {
  return as(client, user, borrower).post(`/monitoring/retroactive-requests/${id}/${action}`)
}

test.group('Hours / retroactive requests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))
  group.each.teardown(() => emitter.restore())

  test('a provider files a request; owners and admins are told', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const admin = await memberOf(borrower, 'admin')
    await memberOf(borrower, 'user')
    const ana = await naturalProvider(borrower)
    const events = emitter.fake(['hours:retroactive_request_created'])

    const response = await file(client, borrower, ana.user, request())
    response.assertStatus(201)
    assert.include(response.body().data, {
      status: 'pending',
      date: '2026-03-02',
      totalMinutes: 240,
      totalHours: 4,
      providerId: ana.user.id,
      workEntryId: null,
    })
    events.assertEmitted('hours:retroactive_request_created', ({ data }) => {
      const ids = data.recipients.map((user) => user.id).sort()
      return (
        data.request.id === response.body().data.id &&
        ids.join() === [owner.id, admin.id].sort().join()
      )
    })
  })

  test('bad requests get 422 or 409 and create nothing', async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-03', [60])
    for (const body of [
      request({ reason: undefined }),
      request({ date: '2026-03-18' }),
      request({ date: '2026-04-01' }),
      request({ tasks: [{ description: 'x', durationMinutes: 0 }] }),
    ]) {
      ;(await file(client, borrower, ana.user, body)).assertStatus(422)
    }
    const mobile = await file(client, borrower, ana.user, request()).header(
      'X-Client-Platform',
      'ios'
    )
    mobile.assertStatus(422)
    ;(await file(client, borrower, ana.user, request({ date: '2026-03-03' }))).assertStatus(409)
    assert.lengthOf(await RetroactiveRequest.all(), 0)
  })

  test('approval creates the entry in one go and tells the provider', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const filed = await file(client, borrower, ana.user, request())
    const id = filed.body().data.id
    const events = emitter.fake(['hours:retroactive_request_approved'])

    const response = await review(client, borrower, owner, id, 'approve')
    response.assertStatus(200)
    assert.equal(response.body().data.status, 'approved')
    assert.equal(response.body().data.reviewedBy, owner.id)
    const entry = await WorkEntry.query()
      .where('id', response.body().data.workEntryId)
      .preload('tasks')
      .firstOrFail()
    assert.equal(entry.date.toISODate(), '2026-03-02')
    assert.equal(entry.totalMinutes, 240)
    assert.lengthOf(entry.tasks, 1)
    events.assertEmitted(
      'hours:retroactive_request_approved',
      ({ data }) => data.recipient.id === ana.user.id && data.entry.id === entry.id
    )

    ;(await review(client, borrower, owner, id, 'approve')).assertStatus(409)
  })

  test('approval that breaks the 24-hour rule gets 422 and leaves it pending', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const filed = await file(client, borrower, ana.user, request())
    const { linkProvider } = await import('#tests/support/hours')
    const elsewhere = await linkProvider(other, { userId: ana.user.id })
    await entryOn(elsewhere.part, ana.user, '2026-03-02', [1300])

    ;(await review(client, borrower, owner, filed.body().data.id, 'approve')).assertStatus(422)
    const stored = await RetroactiveRequest.findOrFail(filed.body().data.id)
    assert.equal(stored.status, 'pending')
    assert.lengthOf(await WorkEntry.query().where('company_id', borrower.id), 0)
  })

  test('decline needs a declineReason and tells the provider', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const filed = await file(client, borrower, ana.user, request())
    const id = filed.body().data.id
    const events = emitter.fake(['hours:retroactive_request_declined'])

    const missing = await review(client, borrower, owner, id, 'decline').json({})
    missing.assertStatus(422)
    const response = await review(client, borrower, owner, id, 'decline').json({
      declineReason: 'No workshop that day',
    })
    response.assertStatus(200)
    assert.include(response.body().data, {
      status: 'declined',
      declineReason: 'No workshop that day',
    })
    events.assertEmitted('hours:retroactive_request_declined', ({ data }) => {
      return data.recipient.id === ana.user.id
    })
    assert.lengthOf(await WorkEntry.all(), 0)
  })

  test('lists: the borrower side sees all, a provider its own; filters and paging', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const bob = await naturalProvider(borrower)
    await file(client, borrower, ana.user, request())
    await file(client, borrower, bob.user, request())

    const all = await client
      .get('/api/v1/monitoring/retroactive-requests')
      .qs({ status: 'pending' })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    all.assertStatus(200)
    assert.equal(all.body().meta.total, 2)
    const own = await client
      .get('/api/v1/monitoring/retroactive-requests')
      .header('x-company-id', borrower.id)
      .loginAs(ana.user)
    assert.deepEqual(
      own.body().data.map((item: any) => item.userId),
      [ana.user.id]
    )
    for (const qs of [{ status: 'lost' }, { page: 0 }, { pageSize: 500 }]) {
      const bad = await client
        .get('/api/v1/monitoring/retroactive-requests')
        .qs(qs)
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      bad.assertStatus(422)
    }
  })

  test("another company's request is 404; a provider reviewing gets 403", async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const { company: other, owner: otherOwner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const filed = await file(client, borrower, ana.user, request())
    const id = filed.body().data.id
    ;(await review(client, other, otherOwner, id, 'approve')).assertStatus(404)
    ;(await review(client, borrower, ana.user, id, 'approve')).assertStatus(403)
    const { owner } = { owner: otherOwner }
    ;(await file(client, other, owner, request())).assertStatus(403)
    assert.equal((await RetroactiveRequest.findOrFail(id)).status, 'pending')
  })
})
