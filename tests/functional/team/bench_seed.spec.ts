import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { buildBenchContext } from '#bench/context'
import team from '#bench/scenarios/team'

/**
 * The team bench measures links: every seeded PROVIDER part is a link of
 * the bench borrower (the BEFORE trigger saw its contract and party), so
 * GET /team's search finds the companies it names and GET /providers
 * lists them. Seeded in one statement with the contracts, the parts were
 * no links (the search matched nothing) and the bench measured nothing.
 */
test.group('Team / bench scenario', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the seeded parts are links the scenarios find', async ({ client, assert }) => {
    const context = await buildBenchContext(0.01)
    const [providers, search] = await team.seed(context)

    const { rows } = await db.rawQuery(
      `SELECT count(*)::int AS parts,
              count(*) FILTER (WHERE cp.counterparty_of = c.company_id)::int AS links
         FROM contract_parts cp JOIN contracts c ON c.id = cp.contract_id
        WHERE c.company_id = ? AND c.name LIKE 'Bench team %'`,
      [context.borrower.id]
    )
    assert.equal(rows[0].parts, 5_000)
    assert.equal(rows[0].links, 5_000)

    const found = await client.get(search.path).headers(search.headers!)
    found.assertStatus(200)
    /** Fornecedor 12, 120-129 and 1200-1299 */
    assert.equal(found.body().meta.total, 111)
    assert.lengthOf(found.body().data, 20)

    const listed = await client.get(providers.path).headers(providers.headers!)
    listed.assertStatus(200)
    assert.equal(listed.body().total, 5_000)
  }).timeout(120_000)

  test('a second seed repairs parts written without their link fields', async ({ assert }) => {
    const context = await buildBenchContext(0.01)
    await team.seed(context)
    /** What the old seed left: the fields empty (a direct write, not through the trigger) */
    await db.rawQuery('ALTER TABLE contract_parts DISABLE TRIGGER contract_parts_link_fields')
    await db.rawQuery(
      `UPDATE contract_parts SET counterparty_of = NULL, link_name = NULL, link_search = NULL
        WHERE contract_id IN (SELECT id FROM contracts WHERE name LIKE 'Bench team person 1%')`
    )
    await db.rawQuery('ALTER TABLE contract_parts ENABLE TRIGGER contract_parts_link_fields')

    await team.seed(context)
    const { rows } = await db.rawQuery(
      `SELECT count(*)::int AS n FROM contract_parts cp JOIN contracts c ON c.id = cp.contract_id
        WHERE c.company_id = ? AND c.name LIKE 'Bench team %' AND cp.counterparty_of IS NULL`,
      [context.borrower.id]
    )
    assert.equal(rows[0].n, 0)
    const counter = await db
      .from('company_link_counters')
      .where('company_id', context.borrower.id)
      .firstOrFail()
    assert.equal(counter.total, 5_000)
  }).timeout(120_000)
})
