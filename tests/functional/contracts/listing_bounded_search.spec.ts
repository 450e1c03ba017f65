import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { searchTotals } from '#support/pagination'
import { withSearchCap } from '#tests/support/search_cap'

const CAP = 5

/**
 * 60 contracts, two by two with the same updated_at (the id breaks the tie),
 * newest first: rows 1-40 are "Alvo n" (or "Outro n" every third), rows
 * 41-60, the oldest, "Velho n"; active and draft in turn.
 */
async function searchWorld() {
  const { company, owner } = await companyWithOwner()
  await db.rawQuery(
    `INSERT INTO contracts (id, company_id, name, status, progress, snapshot, created_at, updated_at)
     SELECT gen_random_uuid(), ?,
            CASE WHEN n > 40 THEN 'Velho ' WHEN n % 3 = 0 THEN 'Outro ' ELSE 'Alvo ' END || n,
            CASE WHEN n % 2 = 0 THEN 'draft' ELSE 'active' END, n,
            '{}', now(), now() - make_interval(mins => n / 2)
       FROM generate_series(1, 60) AS n`,
    [company.id]
  )
  return { company, owner }
}

/** The ids of the company's contracts matching `term` (and `status`) in the list's order */
async function fullOrder(companyId: string, term: string, status?: string) {
  const { rows } = await db.rawQuery(
    `SELECT id FROM contracts
      WHERE company_id = ? AND deleted_at IS NULL AND lower(name) LIKE ? AND status LIKE ?
      ORDER BY updated_at DESC, id DESC`,
    [companyId, `%${term}%`, status ?? '%']
  )
  return rows.map((row: { id: string }) => row.id) as string[]
}

test.group('Contracts / H1 search with a bounded count', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(CAP))

  test('past the cap the total is the cap and says so; every page is the full order', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await searchWorld()
    const api = as(client, owner, company)
    const expected = await fullOrder(company.id, 'alvo')
    assert.lengthOf(expected, 27)

    for (const page of [1, 2, 4, 6, 7]) {
      const response = await api.get(`/contracts?search=alvo&perPage=4&page=${page}`)
      response.assertStatus(200)
      assert.deepEqual(
        response.body().data.map((row: { id: string }) => row.id),
        expected.slice((page - 1) * 4, page * 4),
        `page ${page}`
      )
      assert.deepEqual(response.body().meta, {
        total: CAP,
        page,
        perPage: 4,
        totalPages: 2,
        totalCapped: true,
      })
    }
    const pastEnd = await api.get('/contracts?search=alvo&perPage=4&page=8')
    assert.deepEqual(pastEnd.body().data, [])
    assert.isTrue(pastEnd.body().meta.totalCapped)
  })

  test('matches found only past the walked rows come in the same order', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await searchWorld()
    const api = as(client, owner, company)
    const expected = await fullOrder(company.id, 'velho')

    for (const page of [1, 3]) {
      const response = await api.get(`/contracts?search=velho&perPage=5&page=${page}`)
      assert.deepEqual(
        response.body().data.map((row: { id: string }) => row.id),
        expected.slice((page - 1) * 5, page * 5)
      )
      assert.include(response.body().meta, { total: CAP, totalCapped: true })
    }
    const active = await api.get('/contracts?search=velho&status=active&perPage=3&page=2')
    assert.deepEqual(
      active.body().data.map((row: { id: string }) => row.id),
      (await fullOrder(company.id, 'velho', 'active')).slice(3, 6)
    )
  })

  test('up to the cap the total is exact and the meta unchanged', async ({ client, assert }) => {
    const { company, owner } = await searchWorld()
    const api = as(client, owner, company)
    /** "Alvo 31", 32, 34, 35, 37, 38: six matches */
    const expected = await fullOrder(company.id, 'alvo 3')
    assert.lengthOf(expected, 6)

    Object.assign(searchTotals, { cap: 6, walkedMatches: 6 })
    const exact = await api.get('/contracts?search=alvo%203&perPage=4&page=2')
    assert.deepEqual(
      exact.body().data.map((row: { id: string }) => row.id),
      expected.slice(4)
    )
    assert.equal(
      JSON.stringify(exact.body().meta),
      '{"total":6,"page":2,"perPage":4,"totalPages":2}'
    )

    Object.assign(searchTotals, { cap: 5, walkedMatches: 5 })
    const capped = await api.get('/contracts?search=alvo%203&perPage=4&page=1')
    assert.deepEqual(
      capped.body().data.map((row: { id: string }) => row.id),
      expected.slice(0, 4)
    )
    assert.equal(
      JSON.stringify(capped.body().meta),
      '{"total":5,"page":1,"perPage":4,"totalPages":2,"totalCapped":true}'
    )
  })
})

/**
 * As in production, the walks are sized for more matches than the total
 * counts (searchTotals.walkedMatches above the cap): 10 sizes them below
 * the 60 contracts (a count walk of 33 rows), 20 reads the company whole
 * (63 rows).
 */
test.group('Contracts / H1 search counting less than its walks are sized for', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test(
    'walks sized for {walkedMatches} matches: total capped at the cap, every page the full order'
  )
    .with([{ walkedMatches: 10 }, { walkedMatches: 20 }])
    .run(async ({ client, assert }, { walkedMatches }) => {
      const restore = withSearchCap(CAP, CAP, walkedMatches)()
      try {
        const { company, owner } = await searchWorld()
        const api = as(client, owner, company)
        for (const term of ['alvo', 'velho', 'alvo 3']) {
          const expected = await fullOrder(company.id, term)
          for (const page of [1, 2, 3, 5]) {
            const response = await api.get(
              `/contracts?search=${encodeURIComponent(term)}&perPage=4&page=${page}`
            )
            response.assertStatus(200)
            assert.deepEqual(
              response.body().data.map((row: { id: string }) => row.id),
              expected.slice((page - 1) * 4, page * 4),
              `${term} page ${page}`
            )
            assert.include(response.body().meta, { total: CAP, totalCapped: true }, term)
          }
        }
      } finally {
        restore()
      }
    })
})

type BoardColumn = {
  key: string
  total: number
  totalCapped: boolean
  hasMore: boolean
  contracts: { id: string }[]
}

test.group('Contracts / H2 board search with a bounded count', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(withSearchCap(CAP))

  /** The board's draft and active columns for `query`, next to the full order of their matches */
  async function boardColumns(api: ReturnType<typeof as>, query: string) {
    const response = await api.get(`/contracts/board?${query}`)
    response.assertStatus(200)
    const columns = response.body().data.columns as BoardColumn[]
    return Object.fromEntries(columns.map((column) => [column.key, column]))
  }

  /** A column as the full order says it is: its cards from `offset`, `hasMore` and the capped total */
  async function expectedColumn(
    companyId: string,
    term: string,
    status: string,
    offset: number,
    perColumn: number
  ) {
    const ids = await fullOrder(companyId, term, status)
    const { columnCap } = searchTotals
    return {
      key: status,
      total: Math.min(ids.length, columnCap),
      totalCapped: ids.length > columnCap,
      hasMore: ids.length > offset + perColumn,
      contracts: ids.slice(offset, offset + perColumn),
    }
  }

  const idsOf = (column: BoardColumn) => ({
    ...column,
    contracts: column.contracts.map((card) => card.id),
  })

  test('every column and every column page is the full order, whichever read answers', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await searchWorld()
    const api = as(client, owner, company)
    /**
     * "alvo": most rows, each column walked; "velho": only the oldest, read
     * through the trigram index; "1": most of the first rows, but the draft
     * column's walk finds 5 (its count and a deep page fall back)
     */
    for (const term of ['alvo', 'velho', '1']) {
      for (const perColumn of [2, 10]) {
        const columns = await boardColumns(api, `search=${term}&perColumn=${perColumn}`)
        for (const status of ['active', 'draft']) {
          assert.deepEqual(
            idsOf(columns[status]),
            await expectedColumn(company.id, term, status, 0, perColumn),
            `${term} ${status} ${perColumn}`
          )
        }
        assert.deepEqual(idsOf(columns.signing), {
          key: 'signing',
          total: 0,
          totalCapped: false,
          hasMore: false,
          contracts: [],
        })
      }
      for (const offset of [2, 4, 9, 13]) {
        const columns = await boardColumns(
          api,
          `search=${term}&column=draft&offset=${offset}&perColumn=2`
        )
        assert.deepEqual(Object.keys(columns), ['draft'])
        assert.deepEqual(
          idsOf(columns.draft),
          await expectedColumn(company.id, term, 'draft', offset, 2),
          `${term} draft from ${offset}`
        )
      }
    }
  })

  test('a column counts up to the column cap, a list up to its own', async ({ client, assert }) => {
    searchTotals.columnCap = 3
    const { company, owner } = await searchWorld()
    const api = as(client, owner, company)
    for (const term of ['alvo', 'velho', '1']) {
      const columns = await boardColumns(api, `search=${term}&perColumn=2`)
      for (const status of ['active', 'draft']) {
        assert.deepEqual(
          idsOf(columns[status]),
          await expectedColumn(company.id, term, status, 0, 2),
          `${term} ${status}`
        )
      }
    }
    const list = await api.get('/contracts?search=alvo')
    assert.deepInclude(list.body().meta, { total: CAP, totalCapped: true })
  })

  test('a column left out by status is empty; the totals keep their bytes', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await searchWorld()
    const api = as(client, owner, company)
    const columns = await boardColumns(api, 'search=alvo&status=draft&perColumn=1')
    assert.deepEqual(idsOf(columns.active), {
      key: 'active',
      total: 0,
      totalCapped: false,
      hasMore: false,
      contracts: [],
    })
    const [first] = await fullOrder(company.id, 'alvo 2', 'draft')
    const response = await api.get('/contracts/board?search=alvo%202&column=draft&perColumn=1')
    /** "Alvo 2", 20, 22, 26, 28: five matches, not capped */
    assert.match(
      response.text(),
      /^\{"data":\{"columns":\[\{"key":"draft","total":5,"totalCapped":false,"hasMore":true,"contracts":\[\{"id":"/
    )
    assert.equal(response.body().data.columns[0].contracts[0].id, first)
  })
})
