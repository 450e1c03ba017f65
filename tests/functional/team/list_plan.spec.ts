import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { teamLinksJsonSql, teamLinksSql, type TeamLinkFilters } from '#models/queries/team_links'
import TeamMemberDto from '#dtos/team_member_dto'
import { periodsAt } from '#support/hours'
import { companyWithOwner } from '#tests/support/tenancy'
import { nodesOf, type PlanNode } from '#tests/support/plans'

const LINKS = 4_000
const PAGE_SIZE = 20

/** A borrower with LINKS links, half legal entities "Fornecedor n", half persons "Pessoa n" */
async function largeBorrower() {
  const { company, owner } = await companyWithOwner()
  await db.rawQuery(
    `CREATE TEMP TABLE plan_src ON COMMIT DROP AS
     SELECT n, gen_random_uuid() AS party_id, gen_random_uuid() AS contract_id
     FROM generate_series(1, ?::int) AS n`,
    [LINKS]
  )
  await db.rawQuery(
    `WITH co AS (
       INSERT INTO companies (id, name, trade_name, document, timezone, created_at, updated_at)
       SELECT party_id, 'Fornecedor ' || n || ' Ltda', 'Forn ' || n,
              '66' || lpad(n::text, 12, '0'), 'UTC', now(), now() FROM plan_src WHERE n % 2 = 0
     ),
     u AS (
       INSERT INTO users (id, name, email, cpf, created_at, updated_at)
       SELECT party_id, 'Pessoa ' || n, 'pessoa-' || n || '@plan.test', lpad(n::text, 11, '9'),
              now(), now() FROM plan_src WHERE n % 2 = 1
     )
     INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
     SELECT contract_id, ?, 'Plan ' || n, 'active', 100, '{}', now(), now() FROM plan_src`,
    [company.id]
  )
  /** Parts after their parties and contracts exist (the link fields are read from them) */
  await db.rawQuery(
    `INSERT INTO contract_parts (id, contract_id, company_id, user_id, role, is_active, created_at, updated_at)
     SELECT gen_random_uuid(), contract_id,
            CASE WHEN n % 2 = 0 THEN party_id END, CASE WHEN n % 2 = 1 THEN party_id END,
            'PROVIDER', true, now(), now()
     FROM plan_src`
  )
  /** A day of hours per link, so the hour totals read a table that grows with the links */
  await db.rawQuery(
    `INSERT INTO work_entries (company_id, contract_part_id, user_id, date, total_minutes, created_at, updated_at)
     SELECT ?, cp.id, ?, DATE '2026-03-16', 480, now(), now()
     FROM contract_parts cp JOIN plan_src ON plan_src.contract_id = cp.contract_id`,
    [company.id, owner.id]
  )
  await db.rawQuery('ANALYZE companies, users, contracts, contract_parts, work_entries')
  return company
}

async function explain(
  borrowerId: string,
  filters: Partial<TeamLinkFilters>,
  statement: 'rows' | 'json' = 'rows'
) {
  const periods = periodsAt(DateTime.fromISO('2026-03-18T15:00:00Z'), 'UTC')
  const page = { page: 1, pageSize: PAGE_SIZE, ...filters }
  const { sql, bindings } =
    statement === 'rows'
      ? teamLinksSql({ borrowerId }, page, periods)
      : teamLinksJsonSql(borrowerId, page, periods, TeamMemberDto.LIST_ITEM)
  const result = await db.rawQuery(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, bindings)
  const plan = result.rows[0]['QUERY PLAN'][0].Plan as PlanNode
  return { nodes: nodesOf(plan), rows: (await db.rawQuery(sql, bindings)).rows }
}

test.group('Team / E1 and F plan at scale', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('page 1 of a large borrower reads one page of the link index, no sort of all links', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    const { nodes, rows } = await explain(borrower.id, {})

    assert.lengthOf(rows, PAGE_SIZE)
    assert.equal(rows[0].total, LINKS)
    assertPageOfIndex(assert, nodes)
  }).timeout(120_000)

  test('the JSON statement of E1/F reads the same page: one index range, probes per row', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    const { nodes, rows } = await explain(borrower.id, {}, 'json')

    assert.lengthOf(JSON.parse(rows[0].data), PAGE_SIZE)
    assert.equal(rows[0].total, LINKS)
    assertPageOfIndex(assert, nodes)
  }).timeout(120_000)

  test('a deep page walks the link index alone to its offset and reads only its own links', async ({
    assert,
  }) => {
    const borrower = await largeBorrower()
    const { nodes, rows } = await explain(borrower.id, { page: 50 }, 'json')
    const expected = await db.rawQuery(
      `SELECT id FROM contract_parts WHERE counterparty_of = ?
        ORDER BY link_name, id LIMIT ? OFFSET ?`,
      [borrower.id, PAGE_SIZE, 49 * PAGE_SIZE]
    )

    assert.deepEqual(
      JSON.parse(rows[0].data).map((item: { contractPartId: string }) => item.contractPartId),
      expected.rows.map((row: { id: string }) => row.id)
    )
    assertPageOfIndex(assert, nodes, 50 * PAGE_SIZE)
  }).timeout(120_000)
})

/**
 * The page walks the sort index alone (an Index Only Scan returning at
 * most `walked` entries: the offset and the page), then reads only its own
 * links by primary key; no sequential scan of a table that grows with the
 * links, no sort of more than the page.
 */
function assertPageOfIndex(assert: Assert, nodes: PlanNode[], walked = PAGE_SIZE) {
  const parts = nodes.filter((node) => node['Relation Name'] === 'contract_parts')
  assert.lengthOf(parts, 2)
  const [walk, read] = parts
  assert.equal(walk['Node Type'], 'Index Only Scan')
  assert.equal(walk['Index Name'], 'contract_parts_links_sort')
  assert.isAtMost(walk['Actual Rows'], walked)
  assert.equal(read['Index Name'], 'contract_parts_pkey')
  assert.isAtMost(read['Actual Rows'] * read['Actual Loops'], PAGE_SIZE)
  /** Tables that grow with the links (a one-row-per-company counter may be read whole) */
  const growing = ['contract_parts', 'contracts', 'companies', 'users', 'work_entries']
  for (const node of nodes) {
    const scanned = node['Node Type'] === 'Seq Scan' ? node['Relation Name'] : undefined
    assert.isFalse(growing.includes(scanned ?? ''), `Seq Scan on ${scanned}`)
    if (node['Node Type'] === 'Sort') assert.isAtMost(node['Actual Rows'], PAGE_SIZE)
  }
}
