import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { companyWithOwner } from '#tests/support/tenancy'
import { entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import type Company from '#models/company'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { freezeClock } from '#tests/support/clock'
import { as } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'

/** Sunday 2026-03-22 23:30 in São Paulo (Monday 02:30 UTC) */
const NOW = '2026-03-23T02:30:00.000Z'

function get(client: ApiClient, borrower: Company, user: User, url: string, qs = {}) {
  return as(client, user, borrower).get(url).qs(qs)
}

/**
 * The statements of a legal entity provider's GET `path` (200), without
 * the session `get()` opens for it
 */
async function legalProviderStatements(client: ApiClient, path: string) {
  const { company: borrower } = await companyWithOwner()
  const beta = await legalProvider(borrower)
  const statements = await statementsOf(async () =>
    (await get(client, borrower, beta.owner, path)).assertStatus(200)
  )
  return statements.filter((sql) => !/^insert into "(auth_sessions|refresh_tokens)"/.test(sql))
}

test.group('Provider area (B1, B5-B7, B10)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))

  test('B1 the active contract summary, CNPJ digits only; 404 without one', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    await borrower.merge({ tradeName: 'Acme', logo: null }).save()
    const beta = await legalProvider(borrower)
    const response = await get(client, borrower, beta.owner, '/provider/active-contract/summary')
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      contractId: beta.contract.id,
      contractStatus: 'signed',
      borrowerName: borrower.name,
      fantasyName: 'Acme',
      avatar: null,
      email: borrower.email,
      phone: borrower.phone,
      cnpj: borrower.document,
    })

    const lost = await naturalProvider(borrower, { status: 'finished' })
    ;(await get(client, borrower, lost.user, '/provider/active-contract/summary')).assertStatus(404)
  })

  test('the borrower side gets 403, no token 401', async ({ client }) => {
    const { company: borrower, owner } = await companyWithOwner()
    for (const url of [
      '/provider/active-contract/summary',
      '/hours',
      '/hours/current',
      '/summary',
    ]) {
      ;(await get(client, borrower, owner, url)).assertStatus(403)
      ;(await client.get(`/api/v1${url}`).header('x-company-id', borrower.id)).assertStatus(401)
    }
  })

  test('B5 monthly summaries with year, search and paging', async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const bob = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2025-12-05', [60])
    await entryOn(ana.part, ana.user, '2026-02-10', [30])
    await entryOn(ana.part, ana.user, '2026-03-02', [120])
    await entryOn(ana.part, ana.user, '2026-03-03', [45, 15])
    await entryOn(bob.part, bob.user, '2026-03-03', [600])

    const all = await get(client, borrower, ana.user, '/hours', { year: 2026 })
    all.assertStatus(200)
    assert.deepEqual(all.body().data[0], {
      id: '2026-03',
      year: 2026,
      month: 3,
      totalMinutes: 180,
      totalHours: 3,
      entriesCount: 2,
      daysWorked: 2,
      firstEntry: '2026-03-02',
      lastEntry: '2026-03-03',
    })
    assert.deepEqual(all.body().meta, { total: 2, page: 1, pageSize: 20, totalPages: 1 })

    const paged = await get(client, borrower, ana.user, '/hours', { page: 2, pageSize: 2 })
    assert.deepEqual(
      paged.body().data.map((row: any) => row.id),
      ['2025-12']
    )
    assert.equal(paged.body().meta.total, 3)

    const { default: WorkEntryTask } = await import('#models/work_entry_task')
    await WorkEntryTask.query()
      .whereIn('work_entry_id', (query) =>
        query.from('work_entries').select('id').where('date', '2026-02-10')
      )
      .update({ description: 'Kubernetes migration' })
    const searched = await get(client, borrower, ana.user, '/hours', { search: 'kubernetes' })
    assert.deepEqual(
      searched.body().data.map((row: any) => row.id),
      ['2026-02']
    )

    for (const qs of [{ year: 'x' }, { page: 0 }, { pageSize: 101 }]) {
      ;(await get(client, borrower, ana.user, '/hours', qs)).assertStatus(422)
    }
  })

  test('B6 current month and B7 one month', async ({ client, assert }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-22', [90])
    await entryOn(ana.part, ana.user, '2026-03-23', [10])
    await entryOn(ana.part, ana.user, '2026-02-10', [30])

    const current = await get(client, borrower, ana.user, '/hours/current')
    current.assertStatus(200)
    assert.include(current.body().data, { id: '2026-03', totalMinutes: 100, entriesCount: 2 })
    assert.deepEqual(current.body().data.days, [
      { date: '2026-03-22', totalMinutes: 90, totalHours: 1.5 },
      { date: '2026-03-23', totalMinutes: 10, totalHours: 0.17 },
    ])
    assert.lengthOf(current.body().data.entries, 2)

    const february = await get(client, borrower, ana.user, '/hours/2026-02')
    assert.include(february.body().data, { id: '2026-02', totalHours: 0.5 })
    const empty = await get(client, borrower, ana.user, '/hours/2025-01')
    assert.include(empty.body().data, { totalMinutes: 0, firstEntry: null })
    for (const id of ['2026-13', '2026-3', 'march']) {
      ;(await get(client, borrower, ana.user, `/hours/${id}`)).assertStatus(422)
    }
  })

  test('B10 dashboard: hours this week and month, active contract, counters', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-22', [90])
    await entryOn(ana.part, ana.user, '2026-03-09', [30])
    const response = await get(client, borrower, ana.user, '/summary')
    response.assertStatus(200)
    const data = response.body().data
    assert.include(data, {
      hoursThisWeek: 1.5,
      hoursThisMonth: 2,
      pendingComplianceSteps: 0,
      unreadNotifications: 0,
    })
    assert.equal(data.activeContract.contractId, ana.contract.id)

    const idle = await naturalProvider(borrower, { isActive: false })
    const none = await get(client, borrower, idle.user, '/summary')
    assert.include(none.body().data, { hoursThisWeek: 0, activeContract: null })
  })

  test('B1 reads the identities and the borrower with the session, then the contract with its link: two statements', async ({
    client,
    assert,
  }) => {
    const statements = await legalProviderStatements(client, '/provider/active-contract/summary')
    assert.lengthOf(statements, 2, statements.join('\n'))
    assert.include(statements[0], 'AS provider_identities')
    assert.isFalse(statements.some((sql) => /^select \* from "(companies|contracts)"/.test(sql)))
  })

  test('B10 reads the caller identities once, with the session, for its four parts', async ({
    client,
    assert,
  }) => {
    const statements = await legalProviderStatements(client, '/summary')
    const identities = statements.filter((sql) =>
      /FROM company_members WHERE user_id = s\.user_id AND role = 'owner'/.test(sql)
    )
    assert.lengthOf(identities, 1)
    assert.include(identities[0], 'FROM auth_sessions s')
  })

  test('a route that declares no need of them reads no identities with the session', async ({
    client,
    assert,
  }) => {
    const statements = await legalProviderStatements(client, '/notifications/unread-count')
    assert.isFalse(statements.some((sql) => sql.includes('provider_identities')))
  })
})
