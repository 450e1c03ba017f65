import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import type Company from '#models/company'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { freezeClock, restoreClock } from '#tests/support/clock'

async function providers(client: ApiClient, borrower: Company, owner: User, qs = {}) {
  const response = await client
    .get('/api/v1/providers')
    .qs(qs)
    .header('x-company-id', borrower.id)
    .loginAs(owner)
  response.assertStatus(200)
  return response.body()
}

test.group('Hours / F providers list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  test('week and month totals in decimal hours, across a week boundary', async ({
    client,
    assert,
  }) => {
    /** Wednesday 2026-03-18 12:00 in São Paulo: week 03-16..03-22, month March */
    freezeClock('2026-03-18T15:00:00.000Z')
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-02-28', [120])
    await entryOn(ana.part, ana.user, '2026-03-15', [60])
    await entryOn(ana.part, ana.user, '2026-03-16', [60, 30])
    await entryOn(ana.part, ana.user, '2026-03-18', [20])

    const body = await providers(client, borrower, owner)
    assert.equal(body.total, 1)
    assert.deepInclude(body.data[0], {
      id: ana.user.id,
      status: 'active',
      companyId: null,
      contractId: ana.contract.id,
      totalHoursWeek: 1.83,
      totalHoursMonth: 2.83,
      lastEntry: '2026-03-18',
    })
  })

  test('a week that crosses a month boundary', async ({ client, assert }) => {
    /** Wednesday 2026-04-01: week 03-30..04-05, month April */
    freezeClock('2026-04-01T15:00:00.000Z')
    const { company: borrower, owner } = await companyWithOwner()
    const beta = await legalProvider(borrower)
    await entryOn(beta.part, beta.owner, '2026-03-29', [600])
    await entryOn(beta.part, beta.owner, '2026-03-30', [60])
    await entryOn(beta.part, beta.owner, '2026-03-31', [30])
    await entryOn(beta.part, beta.owner, '2026-04-01', [45])

    const [row] = (await providers(client, borrower, owner)).data
    assert.equal(row.id, beta.company.id)
    assert.equal(row.companyId, beta.company.id)
    assert.match(row.document, /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/)
    assert.include(row, { totalHoursWeek: 2.25, totalHoursMonth: 0.75, lastEntry: '2026-04-01' })
  })

  test('Sunday 23:30 in São Paulo (Monday 02:30 UTC) still counts the local week', async ({
    client,
    assert,
  }) => {
    freezeClock('2026-03-23T02:30:00.000Z')
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-16', [30])
    await entryOn(ana.part, ana.user, '2026-03-22', [60])
    /** Monday local is tomorrow: not in this week */
    await entryOn(ana.part, ana.user, '2026-03-23', [15])

    const [row] = (await providers(client, borrower, owner)).data
    assert.include(row, { totalHoursWeek: 1.5, totalHoursMonth: 1.75 })
  })

  test('the company timezone decides the week (Asia/Tokyo)', async ({ client, assert }) => {
    /** 2026-03-22T16:00Z is Monday 01:00 in Tokyo: the week 03-23..03-29 has begun */
    freezeClock('2026-03-22T16:00:00.000Z')
    const { company: borrower, owner } = await companyWithOwner()
    await borrower.merge({ timezone: 'Asia/Tokyo' }).save()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-22', [60])
    await entryOn(ana.part, ana.user, '2026-03-23', [30])
    const [row] = (await providers(client, borrower, owner)).data
    assert.include(row, { totalHoursWeek: 0.5, totalHoursMonth: 1.5 })
  })

  test('defaults 0, 0 and null; inactive links; search and paging', async ({ client, assert }) => {
    freezeClock('2026-03-18T15:00:00.000Z')
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower, { isActive: false })
    await naturalProvider(borrower)
    await naturalProvider(borrower)

    const inactive = await providers(client, borrower, owner, { status: 'inactive' })
    assert.equal(inactive.total, 1)
    assert.deepInclude(inactive.data[0], {
      id: ana.user.id,
      status: 'inactive',
      totalHoursWeek: 0,
      totalHoursMonth: 0,
      lastEntry: null,
    })
    const paged = await providers(client, borrower, owner, { page: 2, pageSize: 2 })
    assert.lengthOf(paged.data, 1)
    assert.deepEqual(paged.meta, { total: 3, page: 2, pageSize: 2, totalPages: 2 })
    const found = await providers(client, borrower, owner, { search: ana.user.email })
    assert.deepEqual(
      found.data.map((row: any) => row.id),
      [ana.user.id]
    )
  })

  test('bad paging gets 422; providers get 403; no token 401', async ({ client }) => {
    const { company: borrower, owner } = await companyWithOwner()
    for (const qs of [{ page: 0 }, { pageSize: 101 }, { status: 'gone' }]) {
      const response = await client
        .get('/api/v1/providers')
        .qs(qs)
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      response.assertStatus(422)
    }
    const provider = await memberOf(borrower, 'provider')
    const forbidden = await client
      .get('/api/v1/providers')
      .header('x-company-id', borrower.id)
      .loginAs(provider)
    forbidden.assertStatus(403)
    const anonymous = await client.get('/api/v1/providers')
    anonymous.assertStatus(401)
  })
})
