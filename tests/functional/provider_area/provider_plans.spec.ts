import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import CompanyMember, { providerLinks } from '#models/company_member'
import { companyWithOwner } from '#tests/support/tenancy'
import { entryOn, legalProvider, linkProvider, naturalProvider } from '#tests/support/hours'
import { statementsOf } from '#tests/support/statements'
import { freezeClock } from '#tests/support/clock'
import { as, inSession } from '#tests/support/http'
import { UserFactory } from '#database/factories/user_factory'
import { preparedRuns } from '#tests/support/prepared_runs'

/** Sunday 2026-03-22 23:30 in São Paulo (Monday 02:30 UTC) */
const NOW = '2026-03-23T02:30:00.000Z'

/** preparedRuns of each marker, one after the other (one connection) */
async function runsOfEach(markers: string[]) {
  const runs = []
  for (const marker of markers) runs.push((await preparedRuns(marker)).runs)
  return runs
}

/** Each provider read and a text only its links' statements hold */
const READS = [
  { url: '/summary', markers: ['FILTER (WHERE date BETWEEN', 'join "contracts" as "signed"'] },
  { url: '/provider/active-contract/summary', markers: ['join "contracts" as "signed"'] },
  { url: '/hours/current', markers: ['LEFT JOIN work_entry_tasks t ON t.work_entry_id = we.id'] },
  { url: '/hours', markers: ['WITH months AS'] },
  {
    url: '/contracts',
    markers: [
      'count(*) as "total" from "contracts"',
      /** The parts: beside the page (kept), or its preload (each run) */
      'select * from "contract_parts" where ',
    ],
  },
]

test.group('Provider reads planned by the provider links', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))
  group.each.teardown(() => {
    providerLinks.few = 1000
  })

  /** Every read's body and whether each of its statements ran prepared */
  async function readAll(client: any, borrower: any, user: any) {
    const results = []
    for (const { url, markers } of READS) {
      const before = await runsOfEach(markers)
      const response = await as(client, user, borrower).get(url)
      response.assertStatus(200)
      const after = await runsOfEach(markers)
      results.push({
        url,
        body: response.body(),
        prepared: markers.map((_, index) => after[index] > before[index]),
      })
    }
    return results
  }

  test('a provider of few links reads through prepared statements; one of many plans each run, with the same answers', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-02', [120])
    await entryOn(ana.part, ana.user, '2026-03-22', [90])

    const kept = await readAll(client, borrower, ana.user)
    for (const read of kept) assert.notInclude(read.prepared, false, `${read.url} prepared`)

    providerLinks.few = 0
    const eachRun = await readAll(client, borrower, ana.user)
    for (const read of eachRun) assert.notInclude(read.prepared, true, `${read.url} planned`)

    assert.deepEqual(
      eachRun.map(({ url, body }) => ({ url, body })),
      kept.map(({ url, body }) => ({ url, body }))
    )
    assert.equal(kept[0].body.data.hoursThisMonth, 3.5)
    assert.equal(kept[0].body.data.hoursThisWeek, 1.5)
  })

  test("a provider of few links reads the count, its page and each row's part in one statement", async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await linkProvider(borrower, { userId: ana.user.id }, { isActive: false })
    await linkProvider(borrower, { userId: ana.user.id })
    /** Another provider's contract of the same borrower: never on Ana's pages */
    await naturalProvider(borrower)
    const api = await inSession(client, ana.user, borrower)
    const pages = async () => {
      const bodies = []
      for (const page of [1, 2, 3]) {
        const response = await api.get(`/contracts?perPage=2&page=${page}`)
        response.assertStatus(200)
        bodies.push(response.body())
      }
      return bodies
    }
    const statements = await statementsOf(pages)
    /** Per page: the floor with the identities, then the page */
    assert.lengthOf(statements, 6, statements.join('\n'))
    for (const sql of [statements[1], statements[3], statements[5]]) {
      assert.include(sql, 'count(*) as "total" from "contracts"')
      assert.match(sql, /LEFT JOIN LATERAL \(select \* from "contracts" .* limit .*\) page/s)
      assert.match(sql, /LEFT JOIN LATERAL \(select \* from "contract_parts" .* limit .*\) part/s)
    }
    const kept = await pages()
    assert.deepEqual(
      kept.map((body) => body.data.length),
      [2, 1, 0]
    )
    assert.deepEqual(
      kept.map((body) => body.meta.total),
      [3, 3, 3]
    )
    assert.sameMembers(
      kept.flatMap((body) => body.data.map((row: { isActive: boolean }) => row.isActive)),
      [true, true, false]
    )
    providerLinks.few = 0
    assert.deepEqual(await pages(), kept)
  })

  test('B10 reads the identities with the session, then its four parts in one statement', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-20', [60])
    await entryOn(ana.part, ana.user, '2026-03-02', [30])
    const api = await inSession(client, ana.user, borrower)
    let response: any
    const statements = await statementsOf(async () => {
      response = await api.get('/summary')
    })
    response.assertStatus(200)
    /** The floor (session, membership, identities), the summary */
    assert.lengthOf(statements, 2, statements.join('\n'))
    assert.include(statements[1], 'FILTER (WHERE date BETWEEN')
    assert.include(statements[1], 'join "contracts" as "signed"')
    assert.include(statements[1], 'from "step_compliances"')
    assert.include(statements[1], 'from "notification_counters"')
    assert.deepInclude(response.body().data, {
      /** The week of Sunday 2026-03-22 starts on Monday the 16th */
      hoursThisWeek: 1,
      hoursThisMonth: 1.5,
      pendingComplianceSteps: 0,
      unreadNotifications: 0,
    })
    assert.equal(response.body().data.activeContract.contractId, ana.part.contractId)
  })

  test("B6 reads the identities with the session, then the month with its tasks and links in one statement; its summary is B5's row of the month", async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const second = await linkProvider(borrower, { userId: ana.user.id })
    await entryOn(ana.part, ana.user, '2026-03-20', [30, 45, 15])
    await entryOn(second.part, ana.user, '2026-03-20', [60])
    await entryOn(ana.part, ana.user, '2026-03-02', [90])
    /** Another month and another provider: neither is read */
    await entryOn(ana.part, ana.user, '2026-02-27', [60])
    const bruno = await naturalProvider(borrower)
    await entryOn(bruno.part, bruno.user, '2026-03-10', [60])

    const { get } = await inSession(client, ana.user, borrower)
    let response: any
    const statements = await statementsOf(async () => {
      response = await get('/hours/current')
    })
    response.assertStatus(200)
    /** The floor with the identities, the month */
    assert.lengthOf(statements, 2, statements.join('\n'))
    const month = response.body().data
    const shown = month.entries.map((entry: any) => [
      entry.date,
      entry.contractId,
      entry.tasks.map((task: any) => task.durationMinutes),
    ])
    assert.deepEqual(shown[0], ['2026-03-02', ana.part.contractId, [90]])
    /** Two links' entries of one day, each with its own tasks in their order */
    assert.sameDeepMembers(shown.slice(1), [
      ['2026-03-20', ana.part.contractId, [30, 45, 15]],
      ['2026-03-20', second.part.contractId, [60]],
    ])
    assert.deepEqual(month.days, [
      { date: '2026-03-02', totalMinutes: 90, totalHours: 1.5 },
      { date: '2026-03-20', totalMinutes: 150, totalHours: 2.5 },
    ])

    /** B5 counts its months in SQL: the same figures */
    const months = (await get('/hours')).body().data
    const { days, entries, ...summary } = month
    assert.deepEqual(
      months.find((row: any) => row.id === '2026-03'),
      summary
    )
    assert.include(summary, { totalMinutes: 240, entriesCount: 3, daysWorked: 2 })
    assert.include(summary, { firstEntry: '2026-03-02', lastEntry: '2026-03-20' })

    /** A month without entries */
    const april = (await get('/hours/2026-04')).body().data
    assert.include(april, { id: '2026-04', totalMinutes: 0, entriesCount: 0, firstEntry: null })
    assert.deepEqual([april.days, april.entries], [[], []])
  })

  test("B8's link lookup is prepared for a provider of few links, planned each run past them", async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const api = await inSession(client, ana.user, borrower)
    const log = async (date: string) => {
      const queries = await statementsOf(async () => {
        const response = await api
          .post('/monitoring/entries')
          .json({ date, tasks: [{ description: 'Work', durationMinutes: 60 }] })
        response.assertStatus(201)
      })
      return queries.find((sql) => sql.startsWith('select * from "contract_parts"'))!
    }
    const lookup = await log('2026-03-20')
    const kept = (await preparedRuns(lookup)).runs
    await log('2026-03-21')
    assert.equal((await preparedRuns(lookup)).runs, kept + 1, 'prepared')

    providerLinks.few = 0
    await log('2026-03-22')
    assert.equal((await preparedRuns(lookup)).runs, kept + 1, 'planned on its run')
  })

  test('the identities are the user and its owned companies; their PROVIDER parts are counted together', async ({
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const beta = await legalProvider(borrower)
    const ana = await naturalProvider(borrower)
    const stranger = await UserFactory.create()

    const legal = await CompanyMember.providerIdentitiesOf(beta.owner.id)
    assert.deepEqual(legal, { ids: [beta.owner.id, beta.company.id], plan: 'kept' })
    assert.deepEqual(await CompanyMember.providerIdentitiesOf(stranger.id), {
      ids: [stranger.id],
      plan: 'kept',
    })

    /** One link each: kept at one, planned each run past it */
    providerLinks.few = 1
    assert.equal((await CompanyMember.providerIdentitiesOf(ana.user.id)).plan, 'kept')
    assert.equal((await CompanyMember.providerIdentitiesOf(beta.owner.id)).plan, 'kept')
    providerLinks.few = 0
    assert.equal((await CompanyMember.providerIdentitiesOf(ana.user.id)).plan, 'each run')
    assert.equal((await CompanyMember.providerIdentitiesOf(beta.owner.id)).plan, 'each run')
    assert.equal((await CompanyMember.providerIdentitiesOf(stranger.id)).plan, 'kept')

    /** The owner's own natural-person link and its company's add up */
    const own = await legalProvider(borrower)
    await db.from('contract_parts').where('id', ana.part.id).update({ user_id: own.owner.id })
    providerLinks.few = 1
    assert.equal((await CompanyMember.providerIdentitiesOf(own.owner.id)).plan, 'each run')
    providerLinks.few = 2
    assert.equal((await CompanyMember.providerIdentitiesOf(own.owner.id)).plan, 'kept')
  })
})
