import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import WorkEntry from '#models/work_entry'
import WorkEntryTask from '#models/work_entry_task'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import type Company from '#models/company'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { freezeClock } from '#tests/support/clock'
import { as } from '#tests/support/http'
import { preparedRuns } from '#tests/support/prepared_runs'

/** Frozen at Sunday 2026-03-22 23:30 in São Paulo (Monday 02:30 UTC) */
const NOW = '2026-03-23T02:30:00.000Z'
const GEO = { capturedAt: '2026-03-23T02:00:00Z', latitude: -23.55, longitude: -46.63 }

const entry = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-03-22',
  tasks: [
    { description: 'Code review', durationMinutes: 90 },
    { description: 'Deploy', durationMinutes: 30 },
  ],
  ...GEO,
  ...overrides,
})

function post(client: ApiClient, borrower: Company, user: User, body: object, mobile = false) {
  const request = as(client, user, borrower).post('/monitoring/entries').json(body)
  if (mobile) request.header('X-Client-Platform', 'android')
  return request
}

async function counts() {
  const entries = await WorkEntry.query().count('* as n')
  const tasks = await WorkEntryTask.query().count('* as n')
  return [Number(entries[0].$extras.n), Number(tasks[0].$extras.n)]
}

test.group('Hours / work entries', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))

  test('a provider logs a day from the app with geolocation', async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const response = await post(client, borrower, ana.user, entry({ locationAccuracy: 12.5 }), true)
    response.assertStatus(201)
    const data = response.body().data
    assert.include(data, {
      providerId: ana.user.id,
      contractPartId: ana.part.id,
      contractId: ana.contract.id,
      date: '2026-03-22',
      totalMinutes: 120,
      totalHours: 2,
      capturedAt: '2026-03-23T02:00:00.000Z',
      latitude: -23.55,
      longitude: -46.63,
      locationAccuracy: 12.5,
    })
    assert.deepEqual(
      data.tasks.map((task: any) => task.durationMinutes),
      [90, 30]
    )
    assert.deepEqual(await counts(), [1, 2])
  })

  test('a legal entity owner logs on the company link; the web may omit geolocation', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const beta = await legalProvider(borrower)
    const body = { date: '2026-03-20', tasks: [{ description: 'Support', durationMinutes: 45 }] }
    const response = await post(client, borrower, beta.owner, body)
    response.assertStatus(201)
    assert.equal(response.body().data.providerId, beta.company.id)
    assert.isNull(response.body().data.capturedAt)
  })

  test('bad input gets 422 and changes nothing', async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const cases: [Record<string, unknown>, boolean][] = [
      [entry({ tasks: [{ description: 'x', durationMinutes: 0 }] }), false],
      [entry({ tasks: [{ description: 'x', durationMinutes: -30 }] }), false],
      [entry({ tasks: [{ description: 'x', durationMinutes: 1.5 }] }), false],
      [entry({ tasks: [] }), false],
      [entry({ capturedAt: undefined, latitude: undefined, longitude: undefined }), true],
      [entry({ latitude: undefined }), true],
      [entry({ latitude: 91 }), true],
      [entry({ longitude: -181 }), false],
      [entry({ capturedAt: '2026-03-23T03:30:00Z' }), true],
      [entry({ capturedAt: '2026-03-22T23:00:00-03:00' }), true],
      [entry({ capturedAt: undefined }), false],
      [entry({ locationAccuracy: -1 }), false],
      [entry({ date: '2026-03-23' }), false],
      [entry({ date: '2026-03-14' }), false],
      [entry({ date: '22/03/2026' }), false],
      [
        entry({
          tasks: [
            { description: 'a', durationMinutes: 800 },
            { description: 'b', durationMinutes: 700 },
          ],
        }),
        false,
      ],
    ]
    for (const [body, mobile] of cases) {
      const response = await post(client, borrower, ana.user, body, mobile)
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    assert.deepEqual(await counts(), [0, 0])
  })

  test('a day over 24 hours across links gets 422', async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const { linkProvider } = await import('#tests/support/hours')
    const otherLink = await linkProvider(other, { userId: ana.user.id })
    await entryOn(otherLink.part, ana.user, '2026-03-22', [1000])
    const response = await post(
      client,
      borrower,
      ana.user,
      entry({ tasks: [{ description: 'Night shift', durationMinutes: 500 }] })
    )
    response.assertStatus(422)
    assert.deepEqual(await counts(), [1, 1])
  })

  test("the day's rules read the user's entries through one prepared statement", async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const marker = 'select * from "work_entries" where "user_id" = $1 and "date" = $2'
    const before = await preparedRuns(marker)
    for (const date of ['2026-03-20', '2026-03-21']) {
      ;(await post(client, borrower, ana.user, entry({ date }))).assertStatus(201)
    }
    const after = await preparedRuns(marker)
    assert.equal(after.statements, 1)
    assert.equal(after.runs - before.runs, 2, 'parsed once, run twice')
  })

  test('one entry per link and day: a second one gets 409', async ({ client }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    ;(await post(client, borrower, ana.user, entry())).assertStatus(201)
    ;(await post(client, borrower, ana.user, entry())).assertStatus(409)
  })

  test('without an active contract the provider gets 404; the borrower side 403', async ({
    client,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const lost = await naturalProvider(borrower, { isActive: false })
    ;(await post(client, borrower, lost.user, entry())).assertStatus(404)
    ;(await post(client, borrower, owner, entry())).assertStatus(403)
    const anonymous = await client.post('/api/v1/monitoring/entries').json(entry())
    anonymous.assertStatus(401)
  })

  test('the owning provider updates and deletes; others get 404, the borrower 403', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const bob = await naturalProvider(borrower)
    const created = await entryOn(ana.part, ana.user, '2026-03-21', [60])
    const url = `/api/v1/monitoring/entries/${created.id}`
    const body = entry({ date: '2026-03-21', tasks: [{ description: 'Fix', durationMinutes: 75 }] })

    const foreign = await client
      .put(url)
      .json(body)
      .header('x-company-id', borrower.id)
      .loginAs(bob.user)
    foreign.assertStatus(404)
    const borrowerSide = await client
      .put(url)
      .json(body)
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    borrowerSide.assertStatus(403)
    const foreignDelete = await client
      .delete(url)
      .header('x-company-id', borrower.id)
      .loginAs(bob.user)
    foreignDelete.assertStatus(404)
    await created.refresh()
    assert.equal(created.totalMinutes, 60)

    const updated = await client
      .put(url)
      .json(body)
      .header('x-company-id', borrower.id)
      .loginAs(ana.user)
    updated.assertStatus(200)
    assert.equal(updated.body().data.totalMinutes, 75)
    assert.lengthOf(updated.body().data.tasks, 1)

    const deleted = await client.delete(url).header('x-company-id', borrower.id).loginAs(ana.user)
    deleted.assertStatus(204)
    assert.deepEqual(await counts(), [0, 0])
  })

  test('entries older than the 7-day window are locked (409)', async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const old = await entryOn(ana.part, ana.user, '2026-03-10', [60])
    const url = `/api/v1/monitoring/entries/${old.id}`
    const update = await client
      .put(url)
      .json(entry())
      .header('x-company-id', borrower.id)
      .loginAs(ana.user)
    update.assertStatus(409)
    const remove = await client.delete(url).header('x-company-id', borrower.id).loginAs(ana.user)
    remove.assertStatus(409)
    assert.isNotNull(await WorkEntry.find(old.id))
  })

  test('reading: borrower side and owner 200, another company or provider 404', async ({
    client,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const { company: other, owner: otherOwner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const bob = await naturalProvider(borrower)
    const created = await entryOn(ana.part, ana.user, '2026-03-21', [60])
    const url = `/api/v1/monitoring/entries/${created.id}`
    ;(await client.get(url).header('x-company-id', borrower.id).loginAs(owner)).assertStatus(200)
    ;(await client.get(url).header('x-company-id', borrower.id).loginAs(ana.user)).assertStatus(200)
    ;(await client.get(url).header('x-company-id', borrower.id).loginAs(bob.user)).assertStatus(404)
    ;(await client.get(url).header('x-company-id', other.id).loginAs(otherOwner)).assertStatus(404)
    const viewer = await memberOf(borrower, 'user')
    ;(await client.get(url).header('x-company-id', borrower.id).loginAs(viewer)).assertStatus(200)
  })
})
