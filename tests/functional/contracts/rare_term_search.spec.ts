import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { contractBoardSql } from '#actions/contracts/board_contracts'
import { contractNameRarity, RARE_TERM_ROWS } from '#services/platform/term_rarity'
import {
  contractListSql,
  RARE_TERM_MATCHES,
  type ContractFilters,
} from '#actions/contracts/list_contracts'
import { contractWorld } from '#tests/support/contracts'
import { as } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'

const STATUSES = ['draft', 'active', 'provider', 'signature']

/** `count` contracts named `<prefix> <n>` of the world's company, spread over STATUSES, a minute apart */
async function contractsNamed(companyId: string, prefix: string, count: number) {
  await db.rawQuery(
    `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
     SELECT gen_random_uuid(), ?, ? || ' ' || n, (CAST(? AS text[]))[1 + n % 4], n % 101, '{}',
            now() - make_interval(mins => n), now() - make_interval(mins => n)
       FROM generate_series(1, ?::int) AS n`,
    [companyId, prefix, STATUSES, count]
  )
}

/** The board's body as one of the two reads of a search writes it */
async function boardBody(companyId: string, filters: ContractFilters, rareTerm: boolean) {
  const { sql, bindings } = contractBoardSql(companyId, filters, { rareTerm })
  const { rows } = await db.rawQuery(sql, bindings as any)
  return rows[0] as { body: string; overflow: boolean }
}

/** The list's body as one of the two reads of a search writes it */
async function listBody(companyId: string, filters: Record<string, any>, rareTerm: boolean) {
  const { sql, bindings } = contractListSql(companyId, filters, { rareTerm })
  const { rows } = await db.rawQuery(sql, bindings as any)
  return rows[0] as { body: string; overflow: boolean }
}

type World = Awaited<ReturnType<typeof contractWorld>>

/** GET `path` as the world's owner: its body and the statements it sent */
async function readAs(client: ApiClient, world: World, path: string) {
  let body: any
  const statements = await statementsOf(async () => {
    const response = await as(client, world.owner, world.company).get(path)
    response.assertStatus(200)
    body = response.body()
  })
  return { body, statements }
}

/**
 * A world with `plans` contracts "Plano <n>", its names sampled, then
 * RARE_TERM_MATCHES + 1 contracts "Importado <n>" added: the sample calls
 * "importado" rare
 */
async function worldWithStaleSample(plans: number) {
  const world = await contractWorld()
  await contractsNamed(world.company.id, 'Plano', plans)
  await contractNameRarity.take()
  await contractsNamed(world.company.id, 'Importado', RARE_TERM_MATCHES + 1)
  return world
}

/** Each case's rare read gives the common read's body, within what it takes */
async function assertSameReads<Filters>(
  assert: Assert,
  cases: Filters[],
  read: (filters: Filters, rareTerm: boolean) => Promise<{ body: string; overflow: boolean }>
) {
  for (const filters of cases) {
    const common = await read(filters, false)
    const rare = await read(filters, true)
    assert.isFalse(rare.overflow, JSON.stringify(filters))
    assert.deepEqual(JSON.parse(rare.body), JSON.parse(common.body), JSON.stringify(filters))
  }
}

const listWalks = (statements: string[]) =>
  statements.filter((sql) => sql.includes('dense AS MATERIALIZED'))
const listRareReads = (statements: string[]) =>
  statements.filter((sql) => sql.includes('matches AS MATERIALIZED') && !sql.includes('dense AS'))
const columnWalks = (statements: string[]) =>
  statements.filter((sql) => sql.includes('column_counts'))
const rareReads = (statements: string[]) =>
  statements.filter(
    (sql) => sql.includes('matches AS MATERIALIZED') && !sql.includes('column_counts')
  )

test.group('Contracts / H1 and H2 search for a rare term', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => () => contractNameRarity.forget())

  test('a term in few names is rare; one in more than RARE_TERM_ROWS names is not', async ({
    assert,
  }) => {
    const world = await contractWorld()
    await contractsNamed(world.company.id, 'Lote', RARE_TERM_ROWS + 100)
    assert.isFalse(contractNameRarity.isRare('123'), 'no sample yet: not rare')
    await contractNameRarity.take()
    assert.isTrue(contractNameRarity.isRare('123'))
    assert.isTrue(contractNameRarity.isRare('Lote 123'), 'its rarest trigram decides')
    assert.isTrue(contractNameRarity.isRare('xqz'), 'in no sampled name')
    assert.isFalse(contractNameRarity.isRare('lote'))
    assert.isFalse(contractNameRarity.isRare('12'), 'no trigram: not rare')
    assert.isFalse(contractNameRarity.isRare('ção'), 'no trigram a sample knows: not rare')
  })

  test('a term in RARE_TERM_ROWS names is rare, in one more it is not', async ({ assert }) => {
    const world = await contractWorld()
    await contractsNamed(world.company.id, 'Qwzk', RARE_TERM_ROWS)
    await contractsNamed(world.company.id, 'Vyxj', RARE_TERM_ROWS + 1)
    /** The table's size as the sample reads it: fewer rows than a sample, so every one is read */
    await db.rawQuery('ANALYZE contracts')
    await contractNameRarity.take()
    assert.isTrue(contractNameRarity.isRare('qwzk'))
    assert.isFalse(contractNameRarity.isRare('vyxj'))
  })

  test('a rare read takes RARE_TERM_MATCHES matches; one more and it reads again', async ({
    assert,
  }) => {
    const world = await contractWorld()
    await contractsNamed(world.company.id, 'Qwzk', RARE_TERM_MATCHES)
    await contractsNamed(world.company.id, 'Vyxj', RARE_TERM_MATCHES + 1)
    for (const [search, overflow] of [
      ['qwzk', false],
      ['vyxj', true],
    ] as const) {
      assert.equal((await listBody(world.company.id, { search }, true)).overflow, overflow, search)
      assert.equal((await boardBody(world.company.id, { search }, true)).overflow, overflow, search)
    }
    const exact = JSON.parse((await listBody(world.company.id, { search: 'qwzk' }, true)).body)
    assert.isTrue(exact.meta.totalCapped)
  })

  test('both reads of a rare term give the same board, for every filter and page', async ({
    assert,
  }) => {
    const world = await contractWorld()
    const other = await contractWorld()
    await contractsNamed(world.company.id, 'Plano', 700)
    await contractsNamed(other.company.id, 'Plano', 50)
    const cases: ContractFilters[] = [
      { search: '12' },
      { search: '123' },
      { search: 'plano 1' },
      { search: 'plano 3', perColumn: 2 },
      { search: 'plano 1', column: 'active', offset: 10 },
      { search: 'plano 1', column: 'draft', offset: 500 },
      { search: 'plano 2', status: ['active', 'draft'] },
      { search: 'plano 2', status: ['finished'] },
      { search: 'plano 1', progress: 40 },
      { search: 'nothing' },
    ]
    await assertSameReads(assert, cases, (filters, rareTerm) =>
      boardBody(world.company.id, filters, rareTerm)
    )
    const board = JSON.parse((await boardBody(world.company.id, { search: 'plano 1' }, true)).body)
    const cards = board.data.columns.flatMap((column: any) => column.contracts)
    assert.isAbove(cards.length, 10)
    assert.isTrue(cards.every((card: any) => card.name.startsWith('Plano 1')))
  })

  test('a rare term is read in one statement without the columns’ walks', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await contractsNamed(world.company.id, 'Plano', 300)
    await contractNameRarity.take()
    const rare = await readAs(client, world, '/contracts/board?search=plano 12')
    assert.lengthOf(rareReads(rare.statements), 1)
    assert.lengthOf(columnWalks(rare.statements), 0)

    contractNameRarity.forget()
    /** Another key of the read cache, the same matches */
    const common = await readAs(client, world, '/contracts/board?search=PLANO 12')
    assert.lengthOf(columnWalks(common.statements), 1, 'no sample: the columns decide')
    assert.lengthOf(rareReads(common.statements), 0)
    assert.deepEqual(rare.body, common.body)
    const active = rare.body.data.columns.find((column: any) => column.key === 'active')
    assert.isAbove(active.total, 0)
  })

  test('a term that became common since the sample is read again as a common one', async ({
    client,
    assert,
  }) => {
    const world = await worldWithStaleSample(20)
    assert.isTrue(contractNameRarity.isRare('importado'), 'the sample is stale')
    const { body, statements } = await readAs(client, world, '/contracts/board?search=importado')
    assert.lengthOf(rareReads(statements), 1)
    assert.lengthOf(columnWalks(statements), 1, 'read again with the columns deciding')
    const expected = await boardBody(world.company.id, { search: 'importado' }, false)
    assert.deepEqual(body, JSON.parse(expected.body))
    const draft = body.data.columns.find((column: any) => column.key === 'draft')
    assert.isTrue(draft.totalCapped)
    assert.isTrue((await boardBody(world.company.id, { search: 'importado' }, true)).overflow)
  })

  test('both reads of a rare term give the same list, for every filter and page', async ({
    assert,
  }) => {
    const world = await contractWorld()
    const other = await contractWorld()
    await contractsNamed(world.company.id, 'Plano', 700)
    await contractsNamed(other.company.id, 'Plano', 50)
    const cases = [
      { search: '12' },
      { search: '123' },
      { search: 'plano 1' },
      { search: 'plano 1', page: 3 },
      { search: 'plano 1', page: 2, perPage: 100 },
      { search: 'plano 1', page: 40 },
      { search: 'plano 2', status: ['active', 'draft'] },
      { search: 'plano 2', status: ['signature'] },
      { search: 'plano 1', progress: 40 },
      { search: 'nothing' },
    ]
    await assertSameReads(assert, cases, (filters, rareTerm) =>
      listBody(world.company.id, filters, rareTerm)
    )
    const capped = JSON.parse((await listBody(world.company.id, { search: 'plano' }, true)).body)
    assert.isTrue(capped.meta.totalCapped)
    assert.lengthOf(capped.data, 20)
  })

  test('the list reads a rare term without the walks, and again as a common one when it overflows', async ({
    client,
    assert,
  }) => {
    const world = await worldWithStaleSample(300)
    const rare = await readAs(client, world, '/contracts?search=plano 12&page=2&perPage=5')
    assert.lengthOf(listRareReads(rare.statements), 1)
    assert.lengthOf(listWalks(rare.statements), 0)
    const expected = await listBody(
      world.company.id,
      { search: 'plano 12', page: 2, perPage: 5 },
      false
    )
    assert.deepEqual(rare.body, JSON.parse(expected.body))
    assert.lengthOf(rare.body.data, 5)

    const stale = await readAs(client, world, '/contracts?search=importado')
    assert.lengthOf(listRareReads(stale.statements), 1)
    assert.lengthOf(listWalks(stale.statements), 1, 'read again with the walks')
    assert.isTrue(stale.body.meta.totalCapped)
    const common = await listBody(world.company.id, { search: 'importado' }, false)
    assert.deepEqual(stale.body, JSON.parse(common.body))
  })

  test('a sample counts live names only, of every company', async ({ assert }) => {
    const world = await contractWorld()
    const other = await contractWorld()
    await contractsNamed(other.company.id, 'Vizinho', RARE_TERM_ROWS + 1)
    await contractsNamed(world.company.id, 'Apagado', RARE_TERM_ROWS + 1)
    await db.rawQuery('UPDATE contracts SET deleted_at = now() WHERE company_id = ?', [
      world.company.id,
    ])
    await contractNameRarity.take()
    assert.isFalse(contractNameRarity.isRare('vizinho'), "another company's names count")
    assert.isTrue(contractNameRarity.isRare('apagado'), 'deleted names do not')
  })
})
