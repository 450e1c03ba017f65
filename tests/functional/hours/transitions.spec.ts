import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import RetroactiveRequest from '#models/retroactive_request'
import WorkEntry from '#models/work_entry'
import { companyWithOwner } from '#tests/support/tenancy'
import { entryOn, naturalProvider } from '#tests/support/hours'
import type Company from '#models/company'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { freezeClock } from '#tests/support/clock'
import { as } from '#tests/support/http'

/**
 * Retroactive requests from every status (approve, decline), the 24-hour
 * day of a request on both sides, and the edit window of direct entries on
 * both sides in the company timezone.
 */

/** Sunday 2026-03-22 23:30 in São Paulo (Monday 2026-03-23 02:30 UTC) */
const NOW = '2026-03-23T02:30:00.000Z'

function file(client: ApiClient, borrower: Company, user: User, body: object) {
  return as(client, user, borrower).post('/monitoring/retroactive-requests').json(body)
}

function review(client: ApiClient, borrower: Company, user: User, id: string, action: string) {
  return as(client, user, borrower)
    .post(`/monitoring/retroactive-requests/${id}/${action}`)
    .json(action === 'decline' ? { declineReason: 'No' } : {})
}

const request = (date: string, minutes: number[] = [60]) => ({
  date,
  reason: 'Forgot',
  tasks: minutes.map((durationMinutes) => ({ description: 'Work', durationMinutes })),
})

test.group('Hours / transitions and windows', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))

  test('approve and decline move only a pending request; approved and declined are 409', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const approved = (await file(client, borrower, ana.user, request('2026-03-02'))).body().data.id
    const declined = (await file(client, borrower, ana.user, request('2026-03-03'))).body().data.id
    ;(await review(client, borrower, owner, approved, 'approve')).assertStatus(200)
    ;(await review(client, borrower, owner, declined, 'decline')).assertStatus(200)

    for (const [id, status] of [
      [approved, 'approved'],
      [declined, 'declined'],
    ]) {
      for (const action of ['approve', 'decline']) {
        const response = await review(client, borrower, owner, id, action)
        response.assertStatus(409)
        assert.equal(
          (await RetroactiveRequest.findOrFail(id)).status,
          status,
          `${action} ${status}`
        )
      }
    }
    assert.deepEqual(
      (await WorkEntry.query().where('user_id', ana.user.id)).map((entry) =>
        entry.date.toISODate()
      ),
      ['2026-03-02']
    )
  })

  test('a declined request does not block the day; a pending one or an entry does', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const first = (await file(client, borrower, ana.user, request('2026-03-02'))).body().data.id
    ;(await file(client, borrower, ana.user, request('2026-03-02'))).assertStatus(409)
    ;(await review(client, borrower, owner, first, 'decline')).assertStatus(200)
    const again = await file(client, borrower, ana.user, request('2026-03-02'))
    again.assertStatus(201)
    ;(await review(client, borrower, owner, again.body().data.id, 'approve')).assertStatus(200)
    ;(await file(client, borrower, ana.user, request('2026-03-02'))).assertStatus(409)
    assert.lengthOf(await RetroactiveRequest.query().where('status', 'pending'), 0)
  })

  test('a request may add up to 24 hours: 1440 minutes filed, 1441 refused', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const over = await file(client, borrower, ana.user, request('2026-03-04', [720, 721]))
    over.assertStatus(422)
    const full = await file(client, borrower, ana.user, request('2026-03-05', [720, 720]))
    full.assertStatus(201)
    assert.equal(full.body().data.totalMinutes, 1440)
  })

  test('direct entries: editable 7 days back in the company timezone, locked on day 8', async ({
    client,
    assert,
  }) => {
    /** Today is 2026-03-22 in São Paulo (already 03-23 in UTC): 03-15 is the earliest */
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const earliest = await entryOn(ana.part, ana.user, '2026-03-15', [60])
    const locked = await entryOn(ana.part, ana.user, '2026-03-14', [60])
    const url = (id: string) => `/api/v1/monitoring/entries/${id}`
    const update = (id: string, date: string) =>
      client
        .put(url(id))
        .json({ date, tasks: [{ description: 'Fixed', durationMinutes: 30 }] })
        .header('x-company-id', borrower.id)
        .loginAs(ana.user)

    ;(await update(locked.id, '2026-03-15')).assertStatus(409)
    const updated = await update(earliest.id, '2026-03-15')
    updated.assertStatus(200)
    assert.equal(updated.body().data.totalMinutes, 30)

    const remove = (id: string) =>
      client.delete(url(id)).header('x-company-id', borrower.id).loginAs(ana.user)
    ;(await remove(locked.id)).assertStatus(409)
    ;(await remove(earliest.id)).assertStatus(204)
    assert.isNull(await WorkEntry.find(earliest.id))
    assert.isNotNull(await WorkEntry.find(locked.id))
  })

  test('an update replaces its own minutes of the day: 1000 -> 1440 fits', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const own = await entryOn(ana.part, ana.user, '2026-03-20', [1000])
    const put = (minutes: number) =>
      client
        .put(`/api/v1/monitoring/entries/${own.id}`)
        .json({ date: '2026-03-20', tasks: [{ description: 'All day', durationMinutes: minutes }] })
        .header('x-company-id', borrower.id)
        .loginAs(ana.user)
    /** Its own 1000 minutes are replaced, not added: 1440 fits */
    ;(await put(1440)).assertStatus(200)
    assert.equal((await WorkEntry.findOrFail(own.id)).totalMinutes, 1440)
  })
})
