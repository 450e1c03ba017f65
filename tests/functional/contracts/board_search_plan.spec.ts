import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { contractBoardSql, BOARD_COLUMN_LIMIT } from '#actions/contracts/board_contracts'
import { contractListSql } from '#actions/contracts/list_contracts'
import { companyWithOwner } from '#tests/support/tenancy'
import { borrowerWithPlans, explainNodes, nodesOf, type PlanNode } from '#tests/support/plans'
import { countWalkRows, searchTotals } from '#support/pagination'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { withSearchCap } from '#tests/support/search_cap'

const STATUSES = ['active', 'draft', 'provider']
/** Longer than a column's sample (200 rows at the cap of 100), so columns are sampled, not read whole */
const PER_STATUS = 600

/** A borrower (and a neighbour) with PER_STATUS contracts "Plan n" in each of STATUSES */
const sampledBorrower = () => borrowerWithPlans(STATUSES, PER_STATUS)

/** Renames the `count` newest contracts of one status (or, with `offset`, the ones after them) */
async function rename(companyId: string, status: string, count: number, to: string, offset = 0) {
  await db.rawQuery(
    `UPDATE contracts SET name = ? || ' ' || id
      WHERE id IN (SELECT id FROM contracts WHERE company_id = ? AND status = ?
                    ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?)`,
    [to, companyId, status, count, offset]
  )
}

const explainWithoutSeqScan = (statement: { sql: string; bindings: Record<string, unknown> }) =>
  explainNodes(statement, { seqScan: false })

/** The board's columns as read straight from the table: each status's matches, newest first */
async function expectedColumns(companyId: string, word: string) {
  const { columnCap } = searchTotals
  const columns = []
  for (const status of STATUSES) {
    const { rows } = await db.rawQuery(
      `SELECT id FROM contracts
        WHERE company_id = ? AND deleted_at IS NULL AND status = ? AND lower(name) LIKE ?
        ORDER BY updated_at DESC, id DESC`,
      [companyId, status, `%${word}%`]
    )
    columns.push({
      key: status,
      total: Math.min(rows.length, columnCap),
      totalCapped: rows.length > columnCap,
      hasMore: rows.length > BOARD_COLUMN_LIMIT,
      ids: rows.slice(0, BOARD_COLUMN_LIMIT).map((row: { id: string }) => row.id),
    })
  }
  return columns.sort((a, b) => a.key.localeCompare(b.key))
}

async function boardColumns(companyId: string, word: string) {
  const { sql, bindings } = contractBoardSql(companyId, { search: word, status: STATUSES as any })
  const { rows } = await db.rawQuery(sql, bindings as any)
  return JSON.parse(rows[0].body)
    .data.columns.filter((column: { key: string }) => STATUSES.includes(column.key))
    .map((column: any) => ({
      key: column.key,
      total: column.total,
      totalCapped: column.totalCapped,
      hasMore: column.hasMore,
      ids: column.contracts.map((card: { id: string }) => card.id),
    }))
    .sort((a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key))
}

/**
 * The rolled-back rows and renames leave dead rows and grown indexes: the
 * plan tests that follow were planned over them (another index won the
 * board's probes). VACUUM FULL gives the table and its indexes back their size.
 */
const vacuumContracts = async () => {
  await db.rawQuery('VACUUM FULL ANALYZE contracts')
}

test.group('Contracts / H2 search: each column decides its own read', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(100))
  group.teardown(vacuumContracts)

  test('a column whose newest entries lack the word is counted from its oldest end, carded past them: no read of the matches', async ({
    assert,
  }) => {
    const borrower = await sampledBorrower()
    /** More than the sample: the newest end of the active column has no "plan" */
    await rename(borrower.id, 'active', 250, 'Renamed')

    const nodes = await explainWithoutSeqScan(
      contractBoardSql(borrower.id, { search: 'plan', status: STATUSES as any })
    )
    const matches = nodes.find((node) => node['Subplan Name'] === 'CTE matches')
    assert.equal(
      matches?.['Actual Loops'] ?? 0,
      0,
      'every column settled by its walks: no read of the matches'
    )
    /** The statement's own reads, outside its CTEs: the cards (the walks are in column_walks) */
    const inCtes = new Set(
      nodes.filter((node) => node['Subplan Name']?.startsWith('CTE ')).flatMap(nodesOf)
    )
    const cardRowsRead = nodes
      .filter((node) => !inCtes.has(node) && node['Relation Name'] === 'contracts')
      .reduce((rows, node) => rows + node['Actual Rows'] * node['Actual Loops'], 0)
    assert.isBelow(
      cardRowsRead,
      250,
      "the active column's cards are read by key: its walk past the 250 renamed contracts is not done again"
    )
    const columns = await boardColumns(borrower.id, 'plan')
    assert.deepEqual(columns, await expectedColumns(borrower.id, 'plan'))
    assert.isTrue(columns.find((column: { key: string }) => column.key === 'active').totalCapped)
  }).timeout(120_000)

  test('only the matches of the columns the walks leave are read and ranked', async ({
    assert,
  }) => {
    const borrower = await sampledBorrower()
    /** The drafts lack "plan" at both ends of the column: 30 in its middle keep it */
    await rename(borrower.id, 'draft', 270, 'Other')
    await rename(borrower.id, 'draft', 300, 'Other', 300)

    const nodes = await explainWithoutSeqScan(
      contractBoardSql(borrower.id, { search: 'plan', status: STATUSES as any })
    )
    /** (Which index reads them is the planner's choice on a table this small) */
    const matches = nodes.find((node) => node['Subplan Name'] === 'CTE matches')
    assert.equal(
      matches?.['Actual Rows'],
      30,
      "the matches of the drafts only are ranked, not the other columns' 1,200"
    )
    const matchScans = nodes.filter((node) => node['CTE Name'] === 'matches')
    assert.isAtMost(
      matchScans.reduce((loops, node) => loops + node['Actual Loops'], 0),
      2,
      'the counts and the cards each scan the matches once, not once per column'
    )
    assert.deepEqual(
      await boardColumns(borrower.id, 'plan'),
      await expectedColumns(borrower.id, 'plan')
    )
  }).timeout(120_000)

  test("the company's column totals are read once, not once per column", async ({ assert }) => {
    const borrower = await sampledBorrower()
    const nodes = await explainNodes(
      contractBoardSql(borrower.id, { search: 'plan', status: STATUSES as any })
    )
    const counterReads = nodes.filter(
      (node) => node['Relation Name'] === 'contract_status_counters' && node['Actual Loops'] > 0
    )
    assert.isNotEmpty(counterReads)
    for (const read of counterReads) assert.equal(read['Actual Loops'], 1)
  }).timeout(120_000)

  test('every read gives the columns a read of the table gives', async ({ assert }) => {
    const borrower = await sampledBorrower()
    await rename(borrower.id, 'active', 250, 'Renamed')
    await rename(borrower.id, 'provider', 40, 'Renamed', 280)

    for (const word of ['plan', 'plan 1', 'plan 12', '12', 'renamed', 'nothing like it']) {
      assert.deepEqual(
        await boardColumns(borrower.id, word),
        await expectedColumns(borrower.id, word),
        word
      )
    }
  }).timeout(120_000)
})

test.group('Contracts / H2 search in a large company: the matches by status', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(100))
  group.teardown(vacuumContracts)

  /** Larger than the count walk, so the columns the walks leave are read through a trigram index */
  const largeBorrower = async () => {
    if (STATUSES.length * 1_100 <= countWalkRows())
      throw new Error('not larger than the count walk')
    return borrowerWithPlans(STATUSES, 1_100)
  }
  /**
   * The reads of the table that ran in the read of the matches, each as the
   * text of its conditions (which index serves them is the planner's choice
   * on a table this small: a scan of a small btree can cost less than a
   * trigram index; at 10x it is the status's trigram index, docs/reports/bench.md)
   */
  const readsOfMatches = (nodes: PlanNode[]) =>
    nodesOf(nodes.find((node) => node['Subplan Name'] === 'CTE matches')!)
      .filter((node) => node['Relation Name'] === 'contracts' && node['Actual Loops'] > 0)
      .map((node) => JSON.stringify([node['Index Cond'], node['Recheck Cond'], node.Filter]))

  test('every status of the enum has its trigram index (a new status needs one)', async ({
    assert,
  }) => {
    const { rows } = await db.rawQuery(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE tablename = 'contracts' AND indexname LIKE 'contracts_name_trgm_%'`
    )
    const byName = new Map(
      rows.map((row: { indexname: string; indexdef: string }) => [row.indexname, row.indexdef])
    )
    assert.sameMembers(
      [...byName.keys()],
      CONTRACT_STATUSES.map((status) => `contracts_name_trgm_${status}`)
    )
    for (const status of CONTRACT_STATUSES) {
      assert.include(byName.get(`contracts_name_trgm_${status}`), `= '${status}'::text`, status)
    }
  })

  test("a column that lacks the word is read alone, by its status, when the walks settled the others' counts", async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    await db.rawQuery(
      `UPDATE contracts SET name = 'Other ' || id WHERE company_id = ? AND status = 'provider'`,
      [borrower.id]
    )
    await db.rawQuery('ANALYZE contracts')

    const nodes = await explainWithoutSeqScan(
      contractBoardSql(borrower.id, { search: 'plan', status: STATUSES as any })
    )
    const reads = readsOfMatches(nodes)
    assert.lengthOf(reads, 1, 'one read of the table: the column the walks left')
    assert.include(reads[0], "(status)::text = 'provider'::text", 'its own status, alone')
    assert.deepEqual(
      await boardColumns(borrower.id, 'plan'),
      await expectedColumns(borrower.id, 'plan')
    )
  }).timeout(120_000)

  test('a column whose names never held the word is empty, with no read of its matches', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    await db.rawQuery(
      `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
       SELECT gen_random_uuid(), ?, 'Outro contrato de obras', 'signing', 0, '{}',
              now() - make_interval(mins => n), now() - make_interval(mins => n)
         FROM generate_series(1, 600) AS n`,
      [borrower.id]
    )
    await db.rawQuery('ANALYZE contracts')
    const statuses = [...STATUSES, 'signing']
    const statement = contractBoardSql(borrower.id, { search: 'plan', status: statuses as any })

    const reads = readsOfMatches(await explainWithoutSeqScan(statement))
    assert.isFalse(
      reads.some((read) => read.includes("'signing'")),
      `no read of the signing contracts: ${reads.join(' | ')}`
    )
    const { rows } = await db.rawQuery(statement.sql, statement.bindings as any)
    const signing = JSON.parse(rows[0].body).data.columns.find(
      (column: { key: string }) => column.key === 'signing'
    )
    assert.deepEqual(signing, {
      key: 'signing',
      total: 0,
      totalCapped: false,
      hasMore: false,
      contracts: [],
    })
    assert.deepEqual(
      await boardColumns(borrower.id, 'plan'),
      await expectedColumns(borrower.id, 'plan')
    )
  }).timeout(120_000)

  test('H1: a search within a status filter reads each of its statuses alone, none that never held the word', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    /** Renamed: no match left, but their names once held the word ("signing" never had a contract) */
    await db.rawQuery(
      `UPDATE contracts SET name = 'Other ' || id
        WHERE company_id = ? AND status IN ('provider', 'draft')`,
      [borrower.id]
    )
    await db.rawQuery('ANALYZE contracts')
    const statement = contractListSql(borrower.id, {
      search: 'plan',
      status: ['signing', 'provider', 'draft'],
      page: 1,
      perPage: 20,
    })
    const reads = readsOfMatches(await explainWithoutSeqScan(statement))
    assert.lengthOf(reads, 2, 'a read per status that may hold the word')
    for (const [index, status] of ['draft', 'provider'].entries()) {
      assert.include(reads[index], `(status)::text = '${status}'::text`, 'named in the text')
    }
    const { rows } = await db.rawQuery(statement.sql, statement.bindings as any)
    assert.deepEqual(JSON.parse(rows[0].body).data, [])
  }).timeout(120_000)

  test('a word no walk settles past the cap is read once for every column', async ({ assert }) => {
    const borrower = await largeBorrower()
    const nodes = await explainWithoutSeqScan(
      contractBoardSql(borrower.id, { search: 'plan 12', status: STATUSES as any })
    )
    const reads = readsOfMatches(nodes)
    assert.lengthOf(reads, 1, 'one read of the table for the three columns')
    assert.notInclude(reads[0], "(status)::text = '", 'no status read alone')
    for (const word of ['plan 12', 'plan 1', 'nothing like it']) {
      assert.deepEqual(
        await boardColumns(borrower.id, word),
        await expectedColumns(borrower.id, word),
        word
      )
    }
  }).timeout(120_000)
})

test.group('Contracts / H1 search in a small company', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(100))
  group.teardown(vacuumContracts)

  test('a company no larger than the count walk is read whole: no trigram read', async ({
    assert,
  }) => {
    /** The neighbour's 1,800 "Plan" names would be rechecked by a trigram read */
    await sampledBorrower()
    const { company } = await companyWithOwner()
    await db.rawQuery(
      `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
       SELECT gen_random_uuid(), ?, 'Plan ' || n, 'active', 0, '{}', now(), now() - make_interval(mins => n)
         FROM generate_series(1, ?::int) AS n`,
      [company.id, countWalkRows() - 3]
    )
    const statement = contractListSql(company.id, { search: 'plan 12', page: 1, perPage: 20 })
    const nodes = await explainWithoutSeqScan(statement)
    const matches = nodesOf(nodes.find((node) => node['Subplan Name'] === 'CTE matches')!)
    assert.deepEqual(
      matches
        .filter((node) => node['Relation Name'] === 'contracts' && node['Actual Loops'] > 0)
        .map((node) => [node['Index Name'], node['Actual Rows']]),
      [['contracts_live_updated', countWalkRows() - 3]],
      'the matches are read by walking the whole company, never through the trigram index'
    )

    const { rows } = await db.rawQuery(statement.sql, statement.bindings as any)
    const expected = await db.rawQuery(
      `SELECT id FROM contracts WHERE company_id = ? AND lower(name) LIKE '%plan 12%'
        ORDER BY updated_at DESC, id DESC`,
      [company.id]
    )
    const body = JSON.parse(rows[0].body)
    assert.deepEqual(
      body.data.map((row: { id: string }) => row.id),
      expected.rows.slice(0, 20).map((row: { id: string }) => row.id)
    )
    assert.equal(body.meta.total, Math.min(expected.rows.length, searchTotals.cap))
  }).timeout(120_000)

  test('the walk reads a company of exactly the count walk; one contract more goes to the other read', async ({
    assert,
  }) => {
    await sampledBorrower()
    for (const size of [countWalkRows(), countWalkRows() + 1]) {
      const { company } = await companyWithOwner()
      await db.rawQuery(
        `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
         SELECT gen_random_uuid(), ?, 'Plan ' || n, 'active', 0, '{}', now(), now() - make_interval(mins => n)
           FROM generate_series(1, ?::int) AS n`,
        [company.id, size]
      )
      const statement = contractListSql(company.id, { search: 'plan 12', page: 1, perPage: 20 })
      const nodes = await explainWithoutSeqScan(statement)
      const matches = nodesOf(nodes.find((node) => node['Subplan Name'] === 'CTE matches')!)
      const walked = matches.some(
        (node) =>
          node['Index Name'] === 'contracts_live_updated' &&
          node['Actual Loops'] > 0 &&
          node['Actual Rows'] === size
      )
      assert.equal(walked, size === countWalkRows(), `${size} contracts`)

      const { rows } = await db.rawQuery(statement.sql, statement.bindings as any)
      const expected = await db.rawQuery(
        `SELECT count(*)::int AS n FROM contracts WHERE company_id = ? AND lower(name) LIKE '%plan 12%'`,
        [company.id]
      )
      assert.equal(
        JSON.parse(rows[0].body).meta.total,
        Math.min(expected.rows[0].n, searchTotals.cap),
        `${size} contracts: the same total either way`
      )
    }
  }).timeout(120_000)
})
