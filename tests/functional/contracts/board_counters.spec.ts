import { test } from '@japa/runner'
import { searchTotals } from '#support/pagination'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { ContractFactory } from '#database/factories/contract_factory'
import { contractWorld } from '#tests/support/contracts'
import { as } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'

type Column = { key: string; total: number; totalCapped: boolean }

test.group('Contracts / H2 column totals from the kept counters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const totals = async (client: any, world: Awaited<ReturnType<typeof contractWorld>>) => {
    const response = await as(client, world.owner, world.company).get('/contracts/board')
    response.assertStatus(200)
    const columns = response.body().data.columns as Column[]
    return Object.fromEntries(columns.map((column) => [column.key, column.total]))
  }

  test('totals follow inserts, status changes, soft and hard deletes', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const before = await totals(client, world)
    const drafts = await ContractFactory.merge({
      companyId: world.company.id,
      status: 'draft',
    }).createMany(3)
    await ContractFactory.merge({ companyId: world.company.id, status: 'active' }).create()

    let now = await totals(client, world)
    assert.equal(now.draft - before.draft, 3)
    assert.equal(now.active - before.active, 1)

    await drafts[0].merge({ status: 'in_review' }).save()
    await db.from('contracts').where('id', drafts[1].id).update({ deleted_at: new Date() })
    await db.from('contracts').where('id', drafts[2].id).delete()
    now = await totals(client, world)
    assert.equal(now.draft - before.draft, 0)
    assert.equal(now.in_review - before.in_review, 1)

    /** The counters agree with a count of the live rows, column by column */
    const { rows } = await db.rawQuery(
      `SELECT status, count(*)::int AS n FROM contracts
        WHERE company_id = ? AND deleted_at IS NULL GROUP BY status`,
      [world.company.id]
    )
    for (const row of rows as { status: string; n: number }[]) {
      assert.equal(now[row.status], row.n, row.status)
    }
  })

  test('an unfiltered total is exact past the filtered cap, and costs no count', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await db.rawQuery(
      `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
       SELECT gen_random_uuid(), ?, 'Bulk ' || n, 'draft', 0, '{}', now(), now()
         FROM generate_series(1, 1005) AS n`,
      [world.company.id]
    )
    let response: any
    const statements = await statementsOf(async () => {
      response = await as(client, world.owner, world.company).get('/contracts/board')
    })
    const draft = (response.body().data.columns as Column[]).find((c) => c.key === 'draft')!
    assert.isAtLeast(draft.total, 1005)
    assert.isFalse(draft.totalCapped)
    assert.isFalse(
      statements.some((sql) => /count\(\*\)/i.test(sql) && /from contracts/i.test(sql)),
      'no count over contracts'
    )

    const filtered = await as(client, world.owner, world.company).get(
      '/contracts/board?search=bulk'
    )
    const capped = (filtered.body().data.columns as Column[]).find((c) => c.key === 'draft')!
    assert.equal(capped.total, searchTotals.columnCap)
    assert.isTrue(capped.totalCapped)
  })
})
