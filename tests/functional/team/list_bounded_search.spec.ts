import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { DateTime } from 'luxon'
import { countWalkRows, pageWalkRows, searchTotals } from '#support/pagination'
import { queryTeamLinksJson, teamLinksJsonSql } from '#models/queries/team_links'
import { TEAM_LISTS } from '#actions/team/list_team_members'
import { periodsAt } from '#support/hours'
import { explainNodes, nodesOf, type PlanNode } from '#tests/support/plans'
import { withSearchCap } from '#tests/support/search_cap'

const CAP = 5

/** A borrower with 30 provider companies "Fornecedor n Ltda", one link each */
async function borrowerWithLinks() {
  const { company, owner } = await companyWithOwner()
  await db.rawQuery(
    `CREATE TEMP TABLE bounded_src ON COMMIT DROP AS
     SELECT n, gen_random_uuid() AS party_id, gen_random_uuid() AS contract_id
       FROM generate_series(1, 30) AS n`
  )
  await db.rawQuery(
    `WITH co AS (
       INSERT INTO companies (id, name, trade_name, document, timezone, created_at, updated_at)
       SELECT party_id, 'Fornecedor ' || n || ' Ltda', 'Forn ' || n,
              '55' || lpad(n::text, 12, '0'), 'UTC', now(), now() FROM bounded_src
     )
     INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
     SELECT contract_id, ?, 'Bounded ' || n, 'active', 100, '{}', now(), now() FROM bounded_src`,
    [company.id]
  )
  await db.rawQuery(
    `INSERT INTO contract_parts (id, contract_id, company_id, role, is_active, created_at, updated_at)
     SELECT gen_random_uuid(), contract_id, party_id, 'PROVIDER', n % 4 <> 0, now(), now()
       FROM bounded_src`
  )
  return { company, owner }
}

/** The part ids of the borrower's links matching `term`, in the list's order */
async function fullOrder(borrowerId: string, term: string, active?: boolean) {
  const { rows } = await db.rawQuery(
    `SELECT id FROM contract_parts
      WHERE counterparty_of = ? AND link_search LIKE ? AND (CAST(? AS boolean) IS NULL OR is_active = ?)
      ORDER BY link_name, id`,
    [borrowerId, `%${term}%`, active ?? null, active ?? null]
  )
  return rows.map((row: { id: string }) => row.id) as string[]
}

test.group('Team / E1 and F search with a bounded count', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(CAP))

  test('past the cap the total is the cap and says so; every page is the full order', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await borrowerWithLinks()
    const api = as(client, owner, company)
    const expected = await fullOrder(company.id, 'fornecedor')
    assert.lengthOf(expected, 30)

    for (const page of [1, 2, 5, 8]) {
      const team = await api.get(`/team?search=fornecedor&pageSize=4&page=${page}`)
      team.assertStatus(200)
      assert.deepEqual(
        team.body().data.map((row: { contractPartId: string }) => row.contractPartId),
        expected.slice((page - 1) * 4, page * 4),
        `page ${page}`
      )
      assert.deepEqual(team.body().meta, {
        total: CAP,
        page,
        pageSize: 4,
        totalPages: 2,
        totalCapped: true,
      })
    }
    const providers = await api.get('/providers?search=fornecedor&pageSize=4&page=3')
    providers.assertStatus(200)
    assert.equal(providers.body().total, CAP)
    assert.isTrue(providers.body().meta.totalCapped)
    assert.lengthOf(providers.body().data, 4)

    const inactive = await api.get('/team?search=fornecedor&status=inactive&pageSize=2&page=2')
    assert.deepEqual(
      inactive.body().data.map((row: { contractPartId: string }) => row.contractPartId),
      (await fullOrder(company.id, 'fornecedor', false)).slice(2, 4)
    )
    assert.include(inactive.body().meta, { total: CAP, totalCapped: true })
  })

  test('up to the cap the total is exact and the meta unchanged', async ({ client, assert }) => {
    const { company, owner } = await borrowerWithLinks()
    const api = as(client, owner, company)
    /** "fornecedor 1 ", "fornecedor 1n ": 1 and 10-19 */
    const expected = await fullOrder(company.id, 'fornecedor 1')
    assert.lengthOf(expected, 11)

    Object.assign(searchTotals, { cap: 11, walkedMatches: 11 })
    const exact = await api.get('/team?search=fornecedor%201&pageSize=4&page=3')
    assert.deepEqual(
      exact.body().data.map((row: { contractPartId: string }) => row.contractPartId),
      expected.slice(8)
    )
    assert.equal(
      JSON.stringify(exact.body().meta),
      '{"total":11,"page":3,"pageSize":4,"totalPages":3}'
    )
    const providers = await api.get('/providers?search=fornecedor%201&pageSize=4&page=1')
    assert.equal(providers.body().total, 11)
    assert.notProperty(providers.body().meta, 'totalCapped')
  })
})

/**
 * As in production, the walks are sized for more matches than the total
 * counts (searchTotals.walkedMatches above the cap): 5 sizes them below
 * the 30 links (a count walk of 18), 10 reads the borrower whole (33).
 */
test.group('Team / a search counting less than its walks are sized for', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('walks sized for {walkedMatches} matches: total capped at 3, every page the full order')
    .with([{ walkedMatches: 5 }, { walkedMatches: 10 }])
    .run(async ({ client, assert }, { walkedMatches }) => {
      const restore = withSearchCap(3, 3, walkedMatches)()
      try {
        const { company, owner } = await borrowerWithLinks()
        const api = as(client, owner, company)
        for (const term of ['fornecedor', 'fornecedor 1', 'forn 2']) {
          const expected = await fullOrder(company.id, term)
          for (const page of [1, 2, 3]) {
            const team = await api.get(
              `/team?search=${encodeURIComponent(term)}&pageSize=4&page=${page}`
            )
            team.assertStatus(200)
            assert.deepEqual(
              team.body().data.map((row: { contractPartId: string }) => row.contractPartId),
              expected.slice((page - 1) * 4, page * 4),
              `${term} page ${page}`
            )
            assert.include(team.body().meta, { total: 3, totalCapped: true }, term)
          }
        }
      } finally {
        restore()
      }
    })
})

test.group('Team / a search runs on its generic plan', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(CAP))

  test('the generic plan answers what a plan of the word answers', async ({ assert }) => {
    const { company } = await borrowerWithLinks()
    const periods = periodsAt(DateTime.fromISO('2026-03-18T15:00:00Z'), 'UTC')
    /** Past the cap, up to it, none; first, middle and past-the-end pages; active only */
    const cases = [
      { search: 'fornecedor', page: 1, pageSize: 4 },
      { search: 'fornecedor', page: 5, pageSize: 4 },
      { search: 'fornecedor 1', page: 2, pageSize: 3 },
      { search: 'fornecedor 2', page: 1, pageSize: 20, isActive: true },
      { search: 'fornecedor', page: 40, pageSize: 4 },
      { search: 'nenhum', page: 1, pageSize: 20 },
    ]
    for (const filters of cases) {
      for (const item of [TEAM_LISTS.team.item, TEAM_LISTS.providers.item]) {
        const { sql, bindings } = teamLinksJsonSql(company.id, filters, periods, item)
        /** Unprepared: planned for this word */
        const [custom] = (await db.rawQuery(sql, bindings)).rows
        const generic = await queryTeamLinksJson(company.id, filters, periods, item)
        assert.deepEqual(
          { data: generic.data, total: generic.total, capped: generic.capped },
          { data: custom.data, total: custom.total, capped: custom.capped === true },
          JSON.stringify(filters)
        )
        const expected = filters.search === 'nenhum' || filters.page === 40 ? 0 : 1
        assert.equal(Math.sign(JSON.parse(generic.data).length), expected, 'rows when some match')
      }
    }
  })
})

test.group('Team / a word whose matches all sort past the walk', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(20))

  /**
   * 600 links "Alfa n" and 80 "Zeta n" (they sort last): "zeta" passes the
   * cap, yet neither walk meets one of its links
   */
  async function borrowerWithLateMatches() {
    const { company, owner } = await companyWithOwner()
    await db.rawQuery(
      `CREATE TEMP TABLE late_src ON COMMIT DROP AS
       SELECT n, gen_random_uuid() AS party_id, gen_random_uuid() AS contract_id,
              CASE WHEN n <= 600 THEN 'Alfa ' ELSE 'Zeta ' END || n AS name
         FROM generate_series(1, 680) AS n`
    )
    await db.rawQuery(
      `WITH co AS (
         INSERT INTO companies (id, name, trade_name, document, timezone, created_at, updated_at)
         SELECT party_id, name, name, '56' || lpad(n::text, 12, '0'), 'UTC', now(), now()
           FROM late_src)
       INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
       SELECT contract_id, ?, 'Late ' || n, 'active', 100, '{}', now(), now() FROM late_src`,
      [company.id]
    )
    await db.rawQuery(
      `INSERT INTO contract_parts (id, contract_id, company_id, role, is_active, created_at, updated_at)
       SELECT gen_random_uuid(), contract_id, party_id, 'PROVIDER', true, now(), now() FROM late_src`
    )
    await db.rawQuery('ANALYZE contract_parts')
    return { company, owner }
  }

  test('the page is read from the matches, not by walking the whole name order', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await borrowerWithLateMatches()
    const filters = { search: 'zeta', page: 1, pageSize: 20 }
    const periods = periodsAt(DateTime.now(), 'UTC')
    const { sql, bindings } = teamLinksJsonSql(company.id, filters, periods, TEAM_LISTS.team.item)
    const nodes = await db.transaction(async (trx) => {
      await trx.rawQuery('SET LOCAL enable_seqscan = off')
      const result = await trx.rawQuery(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings as any)
      return nodesOf(result.rows[0]['QUERY PLAN'][0].Plan as PlanNode)
    })

    /** Rows read in name order (kept or filtered out): the old fallback walked all 680 */
    const walkedRows = nodes
      .filter((node) => node['Index Name'] === 'contract_parts_links_sort')
      .map(
        (node) =>
          (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      )
    assert.isAtMost(Math.max(...walkedRows), pageWalkRows(filters.pageSize))

    const team = await as(client, owner, company).get('/team?search=zeta&pageSize=20')
    team.assertStatus(200)
    assert.deepEqual(
      team.body().data.map((row: { contractPartId: string }) => row.contractPartId),
      (await fullOrder(company.id, 'zeta')).slice(0, 20)
    )
    assert.include(team.body().meta, { total: 20, totalCapped: true })
  }).timeout(60_000)
})

test.group('Team / a small borrower reads its matches whole', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  /** A count walk of 33 links: the borrower's 30 are read whole */
  group.each.setup(withSearchCap(10))

  test('a borrower of at most the count walk walks all its links, never the trigram index', async ({
    assert,
  }) => {
    const { company } = await borrowerWithLinks()
    assert.isAtLeast(countWalkRows(), 30)
    const filters = { search: 'fornecedor 3', page: 1, pageSize: 20 }
    const statement = teamLinksJsonSql(
      company.id,
      filters,
      periodsAt(DateTime.now(), 'UTC'),
      TEAM_LISTS.team.item
    )
    const nodes = await explainNodes(statement, { seqScan: false })
    const matches = nodesOf(nodes.find((node) => node['Subplan Name'] === 'CTE matches')!)
    const executed = matches.filter((node) => node['Actual Loops'] > 0)
    assert.deepEqual(
      executed
        .filter((node) => node['Relation Name'] === 'contract_parts')
        .map((node) => node['Actual Rows']),
      [30],
      'the matches are read by walking the 30 links (the search filters the walk)'
    )
    assert.isFalse(
      executed.some((node) => node['Index Name'] === 'contract_parts_links_search'),
      'never through the trigram index'
    )

    const { rows } = await db.rawQuery(statement.sql, statement.bindings as any)
    assert.deepEqual(
      JSON.parse(rows[0].data).map((row: { contractPartId: string }) => row.contractPartId),
      await fullOrder(company.id, 'fornecedor 3')
    )
    assert.equal(rows[0].total, 2)
  }).timeout(60_000)
})
