import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { companyWithOwner } from '#tests/support/tenancy'
import { countWalkRows } from '#support/pagination'
import { queryTeamLinksJson, teamLinksJsonSql } from '#models/queries/team_links'
import { TEAM_LISTS } from '#actions/team/list_team_members'
import { periodsAt } from '#support/hours'
import { nodesOf, type PlanNode } from '#tests/support/plans'
import { withSearchCap } from '#tests/support/search_cap'

/**
 * link_search_buckets (migration create_link_search_buckets): each range
 * of a borrower's name order holds, in its bits, every piece of the search
 * texts of the links in it, whatever wrote them, so that a team search may
 * start its walk at the first range that holds its term.
 */

/** The borrower's links whose search text is not held by the range that holds their name */
async function uncovered(borrowerId: string) {
  const { rows } = await db.rawQuery(
    `SELECT cp.link_name FROM contract_parts cp
      WHERE cp.counterparty_of = ?
        AND NOT coalesce((SELECT b.bits | link_search_bits(cp.link_search) = b.bits
                            FROM link_search_buckets b
                           WHERE b.borrower_id = cp.counterparty_of AND b.name_from <= cp.link_name
                           ORDER BY b.name_from DESC LIMIT 1), false)`,
    [borrowerId]
  )
  return rows.map((row: { link_name: string }) => row.link_name) as string[]
}

/**
 * The PROVIDER parts of `parties` (companies or users) in their contracts, in
 * a statement of its own: the link's BEFORE trigger reads the contract and
 * the party, which a data-modifying CTE of the same statement does not show
 */
async function linkParts(
  party: 'company_id' | 'user_id',
  parties: { party_id: string; contract_id: string }[]
) {
  await db.rawQuery(
    `INSERT INTO contract_parts (id, contract_id, ${party}, role, is_active, created_at, updated_at)
     SELECT gen_random_uuid(), contract_id, party_id, 'PROVIDER', true, now(), now()
       FROM unnest(CAST(? AS uuid[]), CAST(? AS uuid[])) AS s(party_id, contract_id)`,
    [parties.map((row) => row.party_id), parties.map((row) => row.contract_id)]
  )
}

/**
 * Parties named `names`, inserted by `partySql` (from `src`: name, ord,
 * party_id), each linked to a contract of its own of the borrower, named
 * `contractPrefix` and its position
 */
async function linkParties(
  borrowerId: string,
  names: string[],
  party: 'company_id' | 'user_id',
  partySql: string,
  contractPrefix: string
) {
  const { rows } = await db.rawQuery(
    `WITH src AS (
       SELECT name, ord, gen_random_uuid() AS party_id, gen_random_uuid() AS contract_id
         FROM unnest(CAST(? AS text[])) WITH ORDINALITY AS s(name, ord)),
     party AS (${partySql}),
     ct AS (
       INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
       SELECT contract_id, ?, ? || ' ' || ord, 'active', 100, '{}', now(), now() FROM src)
     SELECT party_id, contract_id FROM src`,
    [names, borrowerId, contractPrefix]
  )
  await linkParts(party, rows)
  return rows as { party_id: string; contract_id: string }[]
}

/** Provider companies named `names`, each linked to a contract of the borrower */
const linkCompanies = (borrowerId: string, names: string[]) =>
  linkParties(
    borrowerId,
    names,
    'company_id',
    `INSERT INTO companies (id, name, trade_name, document, timezone, created_at, updated_at)
     SELECT party_id, name, name || ' Serviços', '57' || lpad((ord + random() * 1e9)::bigint::text, 12, '0'),
            'UTC', now(), now() FROM src`,
    'Buckets'
  )

/** Natural persons named `names`, each linked to a contract of the borrower */
const linkPersons = (borrowerId: string, names: string[]) =>
  linkParties(
    borrowerId,
    names,
    'user_id',
    `INSERT INTO users (id, name, email, created_at, updated_at)
     SELECT party_id, name, 'p' || ord || '.' || party_id || '@buckets.test', now(), now() FROM src`,
    'Person'
  )

const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`)

test.group('Team / the ranges a search walk may skip', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every link is held by its range, whatever wrote, split or renamed it', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    /** The last range first, then ranges before and after it that split it */
    await linkCompanies(company.id, numbered('Zeta', 5))
    await linkCompanies(company.id, [...numbered('Zulu', 3), ...numbered('Alfa', 3)])
    await linkCompanies(company.id, ['Zé Ltda', 'Ágil', 'álamo', '1ª Obra', '#hash', 'Ω', 'z'])
    await linkPersons(company.id, ['Zenaide Prestadora', 'Bruno Prestador', 'Ana'])
    assert.deepEqual(await uncovered(company.id), [], 'inserts')

    /** A provider renamed into another range, a person renamed, an owner added */
    const [renamed] = await linkCompanies(company.id, ['Mid Range'])
    await db.rawQuery(
      `UPDATE companies SET name = 'Aaa Renomeada', document = '99887766554433' WHERE id = ?`,
      [renamed.party_id]
    )
    await db.rawQuery(
      `UPDATE users SET name = 'Carla Nova', email = 'carla.nova@buckets.test'
        WHERE name = 'Ana' AND email LIKE '%@buckets.test'`
    )
    const { owner: newOwner } = await companyWithOwner()
    await db.rawQuery(
      `INSERT INTO company_members (company_id, user_id, role, created_at, updated_at)
       VALUES (?, ?, 'owner', now(), now())`,
      [renamed.party_id, newOwner.id]
    )
    /** A contract deleted and restored: its link leaves and comes back */
    await db.rawQuery(`UPDATE contracts SET deleted_at = now() WHERE id = ?`, [renamed.contract_id])
    await db.rawQuery(`UPDATE companies SET name = 'Beta Voltou' WHERE id = ?`, [renamed.party_id])
    await db.rawQuery(`UPDATE contracts SET deleted_at = NULL WHERE id = ?`, [renamed.contract_id])

    const names = await db.rawQuery(
      `SELECT link_name FROM contract_parts WHERE counterparty_of = ? ORDER BY 1`,
      [company.id]
    )
    assert.includeMembers(
      names.rows.map((row: { link_name: string }) => row.link_name),
      ['beta voltou', 'carla nova'],
      'the renames reached the links'
    )
    assert.deepEqual(await uncovered(company.id), [])
    const { rows } = await db.rawQuery(
      `SELECT name_from FROM link_search_buckets WHERE borrower_id = ? ORDER BY name_from`,
      [company.id]
    )
    assert.includeMembers(
      rows.map((row: { name_from: string }) => row.name_from),
      ['', 'ze', 'zu', 'al', 'aa', 'be'],
      'each name prefix starts a range'
    )
  })

  test('a change whose range already holds its pieces writes no range', async ({ assert }) => {
    const { company } = await companyWithOwner()
    await linkCompanies(company.id, numbered('Prestador', 4))
    const versions = async () =>
      (
        await db.rawQuery(
          `SELECT name_from, xmin::text AS version FROM link_search_buckets
            WHERE borrower_id = ? ORDER BY name_from`,
          [company.id]
        )
      ).rows
    const before = await versions()
    /** Same pieces: another "Prestador n" (digits the range holds), a link turned off */
    await linkCompanies(company.id, ['Prestador 2'])
    await db.rawQuery(
      `UPDATE contract_parts SET is_active = false WHERE counterparty_of = ? AND link_name = 'prestador 1'`,
      [company.id]
    )
    assert.deepEqual(await versions(), before)
  })
})

test.group('Team / a search walk starts at the first range that may hold its word', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(20))

  test('every page is the full order, for words early, late, everywhere and nowhere', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    await linkCompanies(company.id, [...numbered('Zeta Obras', 70), ...numbered('Alfa', 90)])
    await linkCompanies(company.id, [...numbered('Meio Zeta', 30), ...numbered('Beta', 60)])
    await linkPersons(company.id, numbered('Ômega Zeta', 25))
    const periods = periodsAt(DateTime.now(), 'UTC')
    for (const term of [
      'zeta',
      'alfa',
      'obras',
      'meio',
      'ômega',
      'a',
      'e',
      'a 1',
      'nada',
      '@buckets',
      '57',
    ]) {
      /** A term with a digit also matches without its punctuation (a document typed with dots) */
      const bare = term.replace(/[.\-/\s]/g, '')
      const { rows } = await db.rawQuery(
        `SELECT id FROM contract_parts WHERE counterparty_of = ?
            AND (link_search LIKE ? OR (? AND link_search LIKE ?))
          ORDER BY link_name, id`,
        [company.id, `%${term}%`, /\d/.test(bare), `%${bare}%`]
      )
      const expected = rows.map((row: { id: string }) => row.id)
      for (const page of [1, 2, 4]) {
        const listed = await queryTeamLinksJson(
          company.id,
          { search: term, page, pageSize: 20 },
          periods,
          TEAM_LISTS.team.item
        )
        const ids = JSON.parse(listed.data).map(
          (row: { contractPartId: string }) => row.contractPartId
        )
        assert.deepEqual(ids, expected.slice((page - 1) * 20, page * 20), `${term}, page ${page}`)
      }
    }
  }).timeout(60_000)

  test('a word whose links all sort after the walk is read from its range, not the trigram index', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    await linkCompanies(company.id, [...numbered('Alfa', 600), ...numbered('Zeta', 80)])
    await db.rawQuery('ANALYZE contract_parts')
    const { sql, bindings } = teamLinksJsonSql(
      company.id,
      { search: 'zeta', page: 1, pageSize: 20 },
      periodsAt(DateTime.now(), 'UTC'),
      TEAM_LISTS.team.item
    )
    const nodes = await db.transaction(async (trx) => {
      await trx.rawQuery('SET LOCAL enable_seqscan = off')
      const result = await trx.rawQuery(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings as any)
      return nodesOf(result.rows[0]['QUERY PLAN'][0].Plan as PlanNode)
    })
    const executed = nodes.filter((node) => (node['Actual Loops'] ?? 0) > 0)
    assert.notInclude(
      executed.map((node) => node['Index Name']),
      'contract_parts_links_search',
      'no trigram read'
    )
    const walked = executed
      .filter((node) => node['Index Name'] === 'contract_parts_links_sort')
      .map(
        (node) =>
          (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      )
    assert.isAtMost(Math.max(...walked), countWalkRows())
  }).timeout(60_000)
})
