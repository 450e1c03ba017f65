import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import CompanyMember, { providerLinks } from '#models/company_member'
import { companyWithOwner } from '#tests/support/tenancy'
import { entryOn, legalProvider, linkProvider, naturalProvider } from '#tests/support/hours'
import { statementsOf } from '#tests/support/statements'
import { freezeClock } from '#tests/support/clock'
import { as } from '#tests/support/http'
import { UserFactory } from '#database/factories/user_factory'
import { preparedRuns } from '#tests/support/prepared_runs'
import sessionTokens from '#services/auth/session_token_service'

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
  { url: '/hours/current', markers: ['WITH months AS', 'from "work_entries" where'] },
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
    const tasks = (await preparedRuns('from "work_entry_tasks" where')).runs
    const eachRun = await readAll(client, borrower, ana.user)
    for (const read of eachRun) assert.notInclude(read.prepared, true, `${read.url} planned`)
    /** Reads by key (the entries' tasks) are prepared whatever the links */
    assert.isAbove((await preparedRuns('from "work_entry_tasks" where')).runs, tasks)

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
    const { accessToken } = await sessionTokens.openSession(ana.user, {})
    const pages = async () => {
      const bodies = []
      for (const page of [1, 2, 3]) {
        const response = await client
          .get(`/api/v1/contracts?perPage=2&page=${page}`)
          .bearerToken(accessToken)
          .header('x-company-id', borrower.id)
        response.assertStatus(200)
        bodies.push(response.body())
      }
      return bodies
    }
    const statements = await statementsOf(pages)
    /** Per page: the floor, the identities, then the page */
    assert.lengthOf(statements, 9, statements.join('\n'))
    for (const sql of [statements[2], statements[5], statements[8]]) {
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

  test('B10 reads the identities, then its four parts in one statement', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-03-20', [60])
    await entryOn(ana.part, ana.user, '2026-03-02', [30])
    const { accessToken } = await sessionTokens.openSession(ana.user, {})
    let response: any
    const statements = await statementsOf(async () => {
      response = await client
        .get('/api/v1/summary')
        .bearerToken(accessToken)
        .header('x-company-id', borrower.id)
    })
    response.assertStatus(200)
    /** The floor (session, membership), the identities, the summary */
    assert.lengthOf(statements, 3, statements.join('\n'))
    assert.include(statements[2], 'FILTER (WHERE date BETWEEN')
    assert.include(statements[2], 'join "contracts" as "signed"')
    assert.include(statements[2], 'from "step_compliances"')
    assert.include(statements[2], 'from "notification_counters"')
    assert.deepInclude(response.body().data, {
      /** The week of Sunday 2026-03-22 starts on Monday the 16th */
      hoursThisWeek: 1,
      hoursThisMonth: 1.5,
      pendingComplianceSteps: 0,
      unreadNotifications: 0,
    })
    assert.equal(response.body().data.activeContract.contractId, ana.part.contractId)
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
