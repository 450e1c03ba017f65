import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { ContractFactory } from '#database/factories/contract_factory'
import { contractWorld } from '#tests/support/contracts'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { as } from '#tests/support/http'
import { statementsOf } from '#tests/support/statements'
import { BOARD_COLUMN_LIMIT } from '#actions/contracts/board_contracts'
import Contract from '#models/contract'
import ContractDto from '#dtos/contract_dto'

async function seedContracts(companyId: string) {
  const rows: [string, (typeof CONTRACT_STATUSES)[number], number, string | null][] = [
    ['Alpha consultoria', 'draft', 10, 'REF-1'],
    ['Beta consultoria', 'active', 50, null],
    ['Gamma obras', 'active', 90, 'REF-2'],
    ['Delta obras', 'in_review', 30, null],
    ['Epsilon 100%_x', 'archived', 100, null],
  ]
  for (const [name, status, progress, ref] of rows) {
    await ContractFactory.merge({ companyId, name, status, progress, ref }).create()
  }
}

test.group('Contracts / list (H1) and board (H2)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('H1 filters by search, status (repeated or comma), progress and ref', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await seedContracts(world.company.id)
    const other = await companyWithOwner()
    await seedContracts(other.company.id)
    const api = as(client, world.owner, world.company)
    const names = async (qs: string) => {
      const response = await api.get(`/contracts?${qs}`)
      response.assertStatus(200)
      return response
        .body()
        .data.map((row: { name: string }) => row.name)
        .sort()
    }

    assert.lengthOf(await names(''), 5)
    assert.deepEqual(await names('search=CONSULT'), ['Alpha consultoria', 'Beta consultoria'])
    assert.deepEqual(await names('search=100%25_'), ['Epsilon 100%_x'])
    assert.deepEqual(await names('status=active,draft'), [
      'Alpha consultoria',
      'Beta consultoria',
      'Gamma obras',
    ])
    assert.deepEqual(await names('status=in_review&status=archived'), [
      'Delta obras',
      'Epsilon 100%_x',
    ])
    assert.deepEqual(await names('progress=40'), ['Alpha consultoria', 'Delta obras'])
    assert.deepEqual(await names('progress=100'), ['Epsilon 100%_x', 'Gamma obras'])
    assert.deepEqual(await names('ref=REF-2'), ['Gamma obras'])
    assert.deepEqual(await names('status=active&search=obras&progress=100'), ['Gamma obras'])

    /** meta.total: from the status counters without a row filter, counted with one */
    const total = async (qs: string) => (await api.get(`/contracts?${qs}`)).body().meta.total
    assert.equal(await total('status=active,draft'), 3)
    assert.equal(await total('status=in_review&status=archived&perPage=1'), 2)
    assert.equal(await total('search=obras'), 2)
    assert.equal(await total('status=active&search=obras&progress=100'), 1)
  })

  test('H1 paginates with meta', async ({ client, assert }) => {
    const world = await contractWorld()
    await seedContracts(world.company.id)
    const response = await as(client, world.owner, world.company).get('/contracts?perPage=2&page=2')
    response.assertStatus(200)
    assert.lengthOf(response.body().data, 2)
    assert.deepEqual(response.body().meta, { total: 5, page: 2, perPage: 2, totalPages: 3 })
  })

  test('H1 / H2 bad filters get 422', async ({ client }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    for (const qs of [
      'status=ACTIVE',
      'status=active,bogus',
      'status=published',
      'progress=50',
      'perPage=101',
      'page=0',
    ]) {
      ;(await api.get(`/contracts?${qs}`)).assertStatus(422)
    }
    ;(await api.get('/contracts/board?status=nope')).assertStatus(422)
  })

  test('H2 returns the 15 columns in order, each with only its status', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await seedContracts(world.company.id)
    const response = await as(client, world.owner, world.company).get('/contracts/board')
    response.assertStatus(200)
    const columns = response.body().data.columns
    assert.deepEqual(
      columns.map((column: { key: string }) => column.key),
      [...CONTRACT_STATUSES]
    )
    for (const column of columns) {
      for (const contract of column.contracts) assert.equal(contract.status, column.key)
      assert.equal(column.total, column.contracts.length)
    }
    assert.equal(columns.find((c: any) => c.key === 'active').total, 2)

    const filtered = await as(client, world.owner, world.company).get(
      '/contracts/board?status=active&search=gamma'
    )
    const active = filtered.body().data.columns.find((c: any) => c.key === 'active')
    assert.deepEqual(
      active.contracts.map((c: any) => c.name),
      ['Gamma obras']
    )
    assert.equal(filtered.body().data.columns[0].total, 0)
  })

  test('H2 caps each column and reports its total', async ({ client, assert }) => {
    const world = await contractWorld()
    await ContractFactory.merge({ companyId: world.company.id, status: 'draft' }).createMany(55)
    const response = await as(client, world.owner, world.company).get('/contracts/board')
    const draft = response.body().data.columns[0]
    assert.equal(draft.total, 55)
    assert.lengthOf(draft.contracts, BOARD_COLUMN_LIMIT)
  })

  test('H2 loads more of one column (column + offset) and reads only the card fields', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await ContractFactory.merge({ companyId: world.company.id, status: 'draft' }).createMany(55)
    await ContractFactory.merge({ companyId: world.company.id, status: 'active' }).create()
    const api = as(client, world.owner, world.company)

    const statements = await statementsOf(async () => {
      const first = await api.get('/contracts/board')
      first.assertStatus(200)
      assert.isTrue(first.body().data.columns[0].hasMore)
      assert.isFalse(first.body().data.columns.find((c: any) => c.key === 'active').hasMore)
    })
    const cards = statements.find((sql) => /cross join lateral/i.test(sql))!
    assert.notMatch(cards, /contracts\.\*/, 'the snapshot is never read for a card')

    const first = (await api.get('/contracts/board')).body().data.columns[0].contracts
    const next = await api.get(`/contracts/board?column=draft&offset=${BOARD_COLUMN_LIMIT}`)
    next.assertStatus(200)
    const [nextDraft] = next.body().data.columns
    assert.include(nextDraft, { key: 'draft', total: 55, hasMore: true })
    assert.lengthOf(nextDraft.contracts, BOARD_COLUMN_LIMIT)
    const seen = new Set(first.map((c: any) => c.id))
    assert.isFalse(nextDraft.contracts.some((c: any) => seen.has(c.id)))

    const more = await api.get('/contracts/board?column=draft&offset=50')
    more.assertStatus(200)
    const [draft] = more.body().data.columns
    assert.lengthOf(more.body().data.columns, 1)
    assert.include(draft, { key: 'draft', total: 55, hasMore: false })
    assert.lengthOf(draft.contracts, 5)
    assert.isFalse(draft.contracts.some((c: any) => seen.has(c.id)))

    /** perColumn: cards per column (1-50); with column + offset, that column's next slice */
    const three = await api.get('/contracts/board?perColumn=3')
    three.assertStatus(200)
    const [threeDraft] = three.body().data.columns
    assert.include(threeDraft, { key: 'draft', total: 55, hasMore: true })
    assert.deepEqual(
      threeDraft.contracts.map((c: any) => c.id),
      first.slice(0, 3).map((c: any) => c.id)
    )
    const slice = await api.get('/contracts/board?column=draft&offset=3&perColumn=4')
    assert.deepEqual(
      slice.body().data.columns[0].contracts.map((c: any) => c.id),
      first.slice(3, 7).map((c: any) => c.id)
    )
    const one = await api.get('/contracts/board?perColumn=1')
    one.assertStatus(200)
    assert.deepEqual(
      one.body().data.columns[0].contracts.map((c: any) => c.id),
      first.slice(0, 1).map((c: any) => c.id)
    )
    const all = await api.get('/contracts/board?column=draft&perColumn=50&offset=5')
    assert.include(all.body().data.columns[0], { hasMore: false })
    assert.lengthOf(all.body().data.columns[0].contracts, 50)
    for (const bad of ['0', '51', '2.5', 'x']) {
      const refused = await api.get(`/contracts/board?perColumn=${bad}`)
      refused.assertStatus(422)
      assert.property(refused.body(), 'message')
    }

    ;(await api.get('/contracts/board?offset=50')).assertStatus(422)
    ;(await api.get('/contracts/board?column=nope')).assertStatus(422)
    ;(await api.get('/contracts/board?column=draft&offset=-1')).assertStatus(422)
  })

  test('H2 cards are the H1 list records, field for field', async ({ client, assert }) => {
    const world = await contractWorld()
    await ContractFactory.merge({ companyId: world.company.id, status: 'active' }).createMany(3)
    const api = as(client, world.owner, world.company)
    const board = (await api.get('/contracts/board')).body().data.columns
    const cards = board.find((column: any) => column.key === 'active').contracts
    const list = (await api.get('/contracts?status=active')).body().data
    assert.lengthOf(cards, 3)
    assert.deepEqual(
      [...cards].sort((a: any, b: any) => a.id.localeCompare(b.id)),
      [...list].sort((a: any, b: any) => a.id.localeCompare(b.id))
    )
  })

  test('H1 and H2 bodies are the text JSON.stringify writes from the models', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await seedContracts(world.company.id)
    await ContractFactory.merge({
      companyId: world.company.id,
      name: 'Contrato "A" \\ b/c\n\t ação 😀 \u0001',
      status: 'draft',
    }).create()
    const api = as(client, world.owner, world.company)
    /** One after the other: the test transaction is one connection */
    const records = async (rows: { id: string }[]) => {
      const result = []
      for (const row of rows) result.push(ContractDto.record(await Contract.findOrFail(row.id)))
      return result
    }

    const list = await api.get('/contracts')
    const { data, meta } = list.body()
    assert.lengthOf(data, 6)
    assert.equal(list.text(), JSON.stringify({ data: await records(data), meta }))

    const board = await api.get('/contracts/board')
    const columns = []
    for (const column of board.body().data.columns) {
      columns.push({ ...column, contracts: await records(column.contracts) })
    }
    assert.equal(board.text(), JSON.stringify({ data: { columns } }))
  })

  test('H2 is borrower side only; no token 401', async ({ client }) => {
    const world = await contractWorld()
    const provider = await memberOf(world.company, 'provider')
    ;(await as(client, provider, world.company).get('/contracts/board')).assertStatus(403)
    ;(await client.get('/api/v1/contracts/board')).assertStatus(401)
    ;(await client.get('/api/v1/contracts')).assertStatus(401)
  })

  test('H1 page-size cap: perPage 99 and 100 accepted, 101 refused; 1 accepted, 0 refused', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await seedContracts(world.company.id)
    const api = as(client, world.owner, world.company)
    for (const perPage of [1, 99, 100]) {
      const response = await api.get(`/contracts?perPage=${perPage}`)
      response.assertStatus(200)
      assert.deepEqual(response.body().meta, {
        total: 5,
        page: 1,
        perPage,
        totalPages: Math.ceil(5 / perPage),
      })
      assert.lengthOf(response.body().data, Math.min(5, perPage))
    }
    for (const perPage of [101, 0, 1.5]) {
      ;(await api.get(`/contracts?perPage=${perPage}`)).assertStatus(422)
    }
    const defaults = await api.get('/contracts')
    assert.deepInclude(defaults.body().meta, { page: 1, perPage: 20 })
  })
})
