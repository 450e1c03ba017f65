import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { contractBoardSql, BOARD_COLUMN_LIMIT } from '#actions/contracts/board_contracts'
import { contractListSql, searchWalksPastCapSql } from '#actions/contracts/list_contracts'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { borrowerWithPlans, explainNodes, nodesOf, type PlanNode } from '#tests/support/plans'
import { countWalkRows, sampleWalkRows, searchTotals } from '#support/pagination'
import { withSearchCap } from '#tests/support/search_cap'

const PER_STATUS = 200
const PAGE_SIZE = 20

/** A borrower with PER_STATUS contracts in each of the 15 statuses, and a neighbour */
const largeBorrower = () => borrowerWithPlans(CONTRACT_STATUSES, PER_STATUS)

const explain = (statement: { sql: string; bindings: Record<string, unknown> }) =>
  explainNodes(statement)

const explainWithoutSeqScan = (statement: { sql: string; bindings: Record<string, unknown> }) =>
  explainNodes(statement, { seqScan: false })

const contractScans = (nodes: PlanNode[]) =>
  nodes.filter((node) => node['Relation Name'] === 'contracts')

/** The ids of a company's contracts (of `statuses`, when given) in list order, one page from `offset` */
async function listOrderIds(companyId: string, { statuses = [] as string[], offset = 0 } = {}) {
  const rows = await db
    .from('contracts')
    .where('company_id', companyId)
    .if(statuses.length, (query) => query.whereIn('status', statuses))
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(offset)
    .limit(PAGE_SIZE)
    .select('id')
  return rows.map((row) => row.id as string)
}

test.group('Contracts / H1 and H2 plans at scale', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  /** Below the 3000 contracts of a status-rich borrower, so that searches can pass it */
  group.each.setup(withSearchCap(100))

  test('H2 probes each column down contracts_board: no sort, 21 entries a column', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    const nodes = await explain(contractBoardSql(borrower.id, {}))

    const scans = contractScans(nodes)
    assert.lengthOf(scans, 1)
    assert.match(scans[0]['Node Type'], /^Index (Only )?Scan$/)
    assert.equal(scans[0]['Index Name'], 'contracts_board')
    assert.equal(scans[0]['Actual Loops'], CONTRACT_STATUSES.length)
    assert.isAtMost(scans[0]['Actual Rows'], BOARD_COLUMN_LIMIT + 1)
    assert.isFalse(
      nodes.some((node) => /Sort/.test(node['Node Type'])),
      'no sort node: the index order is the card order'
    )
  }).timeout(120_000)

  test('H1 page 1 reads one page of contracts_live_updated; its total counts no rows', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    const nodes = await explain(contractListSql(borrower.id, { page: 1, perPage: PAGE_SIZE }))

    const scans = contractScans(nodes)
    assert.lengthOf(scans, 1)
    assert.equal(scans[0]['Index Name'], 'contracts_live_updated')
    assert.isAtMost(scans[0]['Actual Rows'], PAGE_SIZE)
    assert.isFalse(nodes.some((node) => /Sort/.test(node['Node Type'])))

    const { sql, bindings } = contractListSql(borrower.id, { page: 1, perPage: PAGE_SIZE })
    const body = JSON.parse((await db.rawQuery(sql, bindings as any)).rows[0].body)
    assert.deepEqual(body.meta, {
      total: PER_STATUS * 15,
      page: 1,
      perPage: PAGE_SIZE,
      totalPages: (PER_STATUS * 15) / PAGE_SIZE,
    })
  }).timeout(120_000)

  test('H1 search in a company within the count walk reads it whole once: no walk, the same answer', async ({
    assert,
  }) => {
    /** 300 contracts, within countWalkRows() (303 at a cap of 100), all matching */
    const borrower = await borrowerWithPlans(CONTRACT_STATUSES, 20)
    assert.isAtMost(300, countWalkRows())
    const statement = contractListSql(borrower.id, { search: 'plan', perPage: PAGE_SIZE })
    const nodes = await explain(statement)
    const dense = nodes.find((node) => node['Subplan Name'] === 'CTE dense')!
    assert.isEmpty(
      contractScans(nodesOf(dense)).filter((node) => node['Actual Loops'] > 0),
      'the samples and the count walk never run'
    )

    const body = JSON.parse(
      (await db.rawQuery(statement.sql, statement.bindings as any)).rows[0].body
    )
    assert.deepInclude(body.meta, { total: searchTotals.cap, totalCapped: true })
    assert.deepEqual(
      body.data.map((row: { id: string }) => row.id),
      await listOrderIds(borrower.id)
    )
  }).timeout(120_000)

  test('H1 search matching most contracts walks the list order: no trigram read', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    const nodes = await explainWithoutSeqScan(
      contractListSql(borrower.id, { search: 'plan', perPage: PAGE_SIZE })
    )

    const scans = contractScans(nodes).filter((node) => node['Actual Loops'] > 0)
    assert.isFalse(scans.some((node) => node['Index Name'] === 'contracts_name_trgm'))
    const [sample, count, ...page] = scans
    /** The sample and the count walk from the oldest end stop at the cap + 1 matches (nearly every row matches) */
    assert.deepEqual(
      [sample, count].map((walk) => [walk['Index Name'], walk['Actual Rows']]),
      [
        ['contracts_live_updated', searchTotals.cap + 1],
        ['contracts_live_updated', searchTotals.cap + 1],
      ]
    )
    /**
     * The page reads its newest hours (60 contracts each) and stops there: down the index, or,
     * as PostgreSQL may plan it for a table not yet vacuumed, each hour by a bitmap. At most
     * three: the newest may be part of an hour, and the sort starts the hour after the page's
     * last to see that the page's hour ended.
     */
    assert.lengthOf(page, 1)
    assert.include(String(page[0]['Index Cond'] ?? page[0]['Recheck Cond']), 'updated_at >=')
    assert.isAtMost(page[0]['Actual Loops'], 3)
    assert.isAtMost(page[0]['Actual Rows'] * page[0]['Actual Loops'], 3 * 60)
  }).timeout(120_000)

  test('H1 search matching few contracts reads them once', async ({ assert }) => {
    const borrower = await largeBorrower()
    const nodes = await explainWithoutSeqScan(
      contractListSql(borrower.id, { search: 'plan 12', status: ['active', 'draft'] })
    )

    const ran = (node: PlanNode) => node['Actual Loops'] > 0
    const dense = nodes.find((node) => node['Subplan Name'] === 'CTE dense')!
    const samples = contractScans(nodesOf(dense)).filter(ran)
    /** Each end's sample merges the filter's two statuses, each read down its own order */
    assert.lengthOf(
      samples,
      4,
      'only the samples of both ends: too few of their rows match for a count walk or a page walk'
    )
    assert.isAtMost(Math.max(...samples.map((sample) => sample['Actual Rows'])), sampleWalkRows())
    assert.isFalse(
      samples.some((sample) => sample['Index Name'] === 'contracts_live_updated'),
      "the filter's statuses, not the company's order"
    )
    /** (Each status's trigram index at 10x; on a table this small the planner may take the status index) */
    assert.deepEqual(
      contractScans(nodes)
        .filter((node) => ran(node) && !samples.includes(node))
        .map((node) => node['Actual Loops']),
      [1, 1],
      'the count and the page from one read of the matches: one read per status of the filter'
    )
  }).timeout(120_000)
  test('H1 search within a status filter walks only its statuses: not the newer contracts of others', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    /** Every finished contract has the word, and every other contract changed after them */
    await db.rawQuery(
      `UPDATE contracts SET name = 'Obra ' || id, updated_at = updated_at - interval '1 year'
        WHERE company_id = ? AND status = 'finished'`,
      [borrower.id]
    )
    await db.rawQuery('ANALYZE contracts')
    const statement = contractListSql(borrower.id, {
      search: 'obra',
      status: ['finished'],
      perPage: PAGE_SIZE,
    })
    const scans = contractScans(await explainWithoutSeqScan(statement)).filter(
      (node) => node['Actual Loops'] > 0
    )
    assert.isFalse(
      scans.some((node) => node['Index Name'] === 'contracts_live_updated'),
      "never the company's order, where 2,800 newer contracts come first"
    )
    const read = scans.reduce((rows, node) => rows + node['Actual Rows'] * node['Actual Loops'], 0)
    assert.isAtMost(read, 4 * PER_STATUS, 'the finished contracts: samples, count and page')

    const body = JSON.parse(
      (await db.rawQuery(statement.sql, statement.bindings as any)).rows[0].body
    )
    assert.deepInclude(body.meta, { total: searchTotals.cap, totalCapped: true })
    assert.deepEqual(
      body.data.map((row: { id: string }) => row.id),
      await listOrderIds(borrower.id, { statuses: ['finished'] })
    )
  }).timeout(120_000)

  test('H1 page of several statuses merges their own orders: no sort, each read to the page end', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    const filters = { status: ['signing', 'in_review'] as ('signing' | 'in_review')[] }
    const statement = contractListSql(borrower.id, { ...filters, page: 3, perPage: PAGE_SIZE })
    const nodes = await explain(statement)

    const scans = contractScans(nodes)
    assert.deepEqual(
      scans.map((scan) => scan['Index Name']),
      ['contracts_board', 'contracts_board']
    )
    assert.isAtMost(Math.max(...scans.map((scan) => scan['Actual Rows'])), 3 * PAGE_SIZE)
    assert.isFalse(nodes.some((node) => /Sort/.test(node['Node Type'])))

    const body = JSON.parse(
      (await db.rawQuery(statement.sql, statement.bindings as any)).rows[0].body
    )
    assert.deepEqual(
      body.data.map((row: { id: string }) => row.id),
      await listOrderIds(borrower.id, { statuses: filters.status, offset: 2 * PAGE_SIZE })
    )
    assert.equal(body.meta.total, 2 * PER_STATUS)
  }).timeout(120_000)

  test('a word the latest writes lack but most contracts have is walked, not read by trigram', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    /** The newest entries renamed: a sample of them sees no match, the oldest end's does */
    await db.rawQuery(
      `UPDATE contracts SET name = 'Renamed ' || id
        WHERE id IN (SELECT id FROM contracts WHERE company_id = ? AND deleted_at IS NULL
                      ORDER BY updated_at DESC, id DESC LIMIT 400)`,
      [borrower.id]
    )
    const walks = async (word: string) => {
      const matching = `contracts.name_search LIKE '%${word}%'`
      const { rows } = await db.rawQuery(`SELECT ${searchWalksPastCapSql(matching)} AS yes`, {
        companyId: borrower.id,
      })
      return rows[0].yes as boolean
    }
    assert.isTrue(await walks('plan'), 'most contracts')
    assert.isFalse(await walks('plan 12'), 'few contracts')
    /** A word only the latest writes have is met from the newest end */
    assert.isTrue(await walks('renamed'), 'the newest 400')
  }).timeout(120_000)

  test('a word in a fifth of the contracts is counted by a deeper walk, not read by trigram', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    /** Every fifth contract in the list's order: a sample holds a fifth of matches, under a quarter */
    await db.rawQuery(
      `UPDATE contracts SET name = 'Quinto ' || id
        WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (ORDER BY updated_at, id) AS n
                                       FROM contracts WHERE company_id = ? AND deleted_at IS NULL) c
                      WHERE n % 5 = 0)`,
      [borrower.id]
    )
    const matching = `contracts.name_search LIKE '%quinto%'`
    const { rows } = await db.rawQuery(`SELECT ${searchWalksPastCapSql(matching)} AS yes`, {
      companyId: borrower.id,
    })
    assert.isTrue(rows[0].yes, 'past the cap within the deeper walk')

    const statement = contractListSql(borrower.id, { search: 'quinto', perPage: PAGE_SIZE })
    const executed = (await explainWithoutSeqScan(statement)).filter(
      (node) => node['Actual Loops'] > 0
    )
    assert.isFalse(
      executed.some((node) => node['Index Name'] === 'contracts_name_trgm'),
      'no trigram read'
    )
    const walks = executed.filter((node) => node['Index Name'] === 'contracts_live_updated')
    assert.isAtMost(
      Math.max(...walks.map((walk) => walk['Actual Rows'])),
      6 * (searchTotals.cap + 1),
      'the count walk stops at the cap + 1 matches, about five rows each'
    )
    const body = JSON.parse(
      (await db.rawQuery(statement.sql, statement.bindings as any)).rows[0].body
    )
    assert.include(body.meta, { total: searchTotals.cap, totalCapped: true })
    const expected = await db.rawQuery(
      `SELECT id FROM contracts WHERE company_id = ? AND deleted_at IS NULL AND name LIKE 'Quinto %'
        ORDER BY updated_at DESC, id DESC LIMIT ?`,
      [borrower.id, PAGE_SIZE]
    )
    assert.deepEqual(
      body.data.map((row: { id: string }) => row.id),
      expected.rows.map((row: { id: string }) => row.id)
    )
  }).timeout(120_000)

  test('H1 search: a word behind a batch of recent edits is met in the hours that hold it', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    Object.assign(searchTotals, { cap: 20, walkedMatches: 20 })
    /** The 300 newest renamed now, in an hour of their own: its names lack "plan" */
    await db.rawQuery(
      `UPDATE contracts SET name = 'Renamed ' || ranked.n,
              updated_at = now() + interval '2 hours' + make_interval(secs => ranked.n)
         FROM (SELECT id, row_number() OVER (ORDER BY updated_at DESC, id DESC) AS n
                 FROM contracts WHERE company_id = ? AND deleted_at IS NULL) ranked
        WHERE contracts.id = ranked.id AND ranked.n <= 300`,
      [borrower.id]
    )
    const statement = contractListSql(borrower.id, { search: 'plan', perPage: PAGE_SIZE })
    const executed = (await explainWithoutSeqScan(statement)).filter(
      (node) => node['Actual Loops'] > 0
    )
    const hours = executed.filter((node) => node['Relation Name'] === 'contract_name_hours')
    assert.lengthOf(hours, 1)
    assert.isAtLeast(
      hours[0]['Rows Removed by Filter'] ?? 0,
      1,
      'the hour of the renamed is skipped'
    )
    /** Down the index, or by a bitmap of each hour (a table not yet vacuumed) */
    const hourReads = contractScans(executed).filter((node) =>
      String(node['Index Cond'] ?? node['Recheck Cond']).includes('updated_at >=')
    )
    assert.lengthOf(hourReads, 1)
    assert.isAtMost(
      hourReads[0]['Actual Rows'] * hourReads[0]['Actual Loops'],
      3 * 60,
      'the page reads its own hours (60 contracts at most each), never the 300 renamed'
    )
    assert.isFalse(
      executed.some((node) => node['Index Name'] === 'contracts_name_trgm'),
      'no trigram read, no sort of every match'
    )
    const { rows } = await db.rawQuery(statement.sql, statement.bindings as any)
    const expected = await db.rawQuery(
      `SELECT id FROM contracts WHERE company_id = ? AND deleted_at IS NULL AND name LIKE 'Plan %'
        ORDER BY updated_at DESC, id DESC LIMIT ?`,
      [borrower.id, PAGE_SIZE]
    )
    assert.deepEqual(
      JSON.parse(rows[0].body).data.map((row: { id: string }) => row.id),
      expected.rows.map((row: { id: string }) => row.id)
    )
  }).timeout(120_000)
  test('H2 search for a rare word samples no column whose newest and oldest hours lack it', async ({
    assert,
  }) => {
    /** 600 contracts a status, one a minute: 20 hours, 30 contracts of each status an hour */
    const borrower = await borrowerWithPlans(['active', 'draft'], 600)
    /** An active contract ten hours back, neither in the 8 newest nor in the 8 oldest hours */
    await db.rawQuery(
      `UPDATE contracts SET name = 'Plan Zyxwv' WHERE company_id = ? AND name = ?`,
      [borrower.id, 'Plan 630']
    )
    const statement = contractBoardSql(borrower.id, { search: 'zyxwv' })
    const nodes = await explainWithoutSeqScan(statement)

    const counts = nodes.find((node) => node['Subplan Name'] === 'CTE column_counts')!
    const sampled = contractScans(nodesOf(counts)).filter((node) => node['Actual Loops'] > 0)
    assert.isAtMost(sampled.length, 1)
    /** The thirteen empty columns are small, so sampled, and read nothing */
    assert.deepEqual(
      sampled.map((node) => node['Actual Rows']),
      sampled.map(() => 0),
      'no contract read by a sample'
    )
    const body = JSON.parse(
      (await db.rawQuery(statement.sql, statement.bindings as any)).rows[0].body
    )
    const active = body.data.columns.find((column: { key: string }) => column.key === 'active')
    assert.deepEqual(
      active.contracts.map((card: { name: string }) => card.name),
      ['Plan Zyxwv']
    )
    assert.equal(active.total, 1)
  }).timeout(120_000)
})
