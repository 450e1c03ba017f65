import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { contractWorld, createContract } from '#tests/support/contracts'
import { as } from '#tests/support/http'
import { createApiKey, withKey } from '#tests/support/api_keys'
import { statementsOf } from '#tests/support/statements'
import { digestTag } from '#support/entity_tags'

/** The response's ETag ('' when it has none, which no If-None-Match matches) */
const etagOf = (response: ApiResponse): string => response.header('etag') ?? ''

test.group('Integrators / ETag and If-None-Match', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a cached list's body and tag, read or served from the cache: a body's tag is its text's digest", async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await createContract(client, world, { name: 'Ação de cobrança' })
    const api = as(client, world.owner, world.company)
    /* H1 and H2 are tagged from the read versions (VersionedGetMiddleware), I1 and I2 from their body */
    const bodyTagged = ['/notifications', '/notifications/unread-count']
    for (const path of ['/contracts', '/contracts/board', ...bodyTagged]) {
      const read = await api.get(path)
      const served = await api.get(path)
      read.assertStatus(200)
      assert.equal(served.text(), read.text(), path)
      assert.equal(etagOf(served), etagOf(read), path)
      if (bodyTagged.includes(path)) assert.equal(etagOf(read), digestTag(read.text()), path)
      assert.equal(served.header('content-type'), 'application/json; charset=utf-8', path)
      assert.equal(Number(served.header('content-length')), Buffer.byteLength(read.text()), path)
    }
  })

  test('GET /contracts answers 304 to its ETag, and 200 with a new tag after a change', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await createContract(client, world)
    const api = as(client, world.owner, world.company)
    const first = await api.get('/contracts')
    first.assertStatus(200)
    const tag = etagOf(first)
    assert.match(tag, /^"[^"]+"$/, 'a strong tag')
    assert.equal(first.header('cache-control'), 'private, no-cache')

    const unchanged = await api.get('/contracts').header('if-none-match', tag)
    unchanged.assertStatus(304)
    assert.equal(unchanged.text(), '')
    /** fetch() adds `Cache-Control: no-cache` to every conditional request: still a 304 */
    const fromFetch = await api
      .get('/contracts')
      .header('if-none-match', `W/${tag}`)
      .header('cache-control', 'no-cache')
    fromFetch.assertStatus(304)

    await createContract(client, world, { name: 'Outro contrato' })
    const changed = await api.get('/contracts').header('if-none-match', tag)
    changed.assertStatus(200)
    assert.notEqual(etagOf(changed), tag)
    assert.lengthOf(changed.body().data, 2)
  })

  test('the tag depends on the request: other filters, another caller, a stale tag', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await createContract(client, world)
    const api = as(client, world.owner, world.company)
    const all = await api.get('/contracts')
    const filtered = await api.get('/contracts').qs({ search: 'nada' })
    assert.notEqual(etagOf(filtered), etagOf(all))
    ;(
      await api.get('/contracts').qs({ search: 'nada' }).header('if-none-match', etagOf(all))
    ).assertStatus(200)
    ;(await api.get('/contracts').header('if-none-match', '"stale", ' + etagOf(all))).assertStatus(
      304
    )

    const other = await contractWorld()
    const foreign = await as(client, other.owner, other.company)
      .get('/contracts')
      .header('if-none-match', etagOf(all))
    foreign.assertStatus(200)
  })

  test('details and key requests are conditional too', async ({ client, assert }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const api = as(client, world.owner, world.company)
    const detail = await api.get(`/contracts/${id}`)
    detail.assertStatus(200)
    ;(await api.get(`/contracts/${id}`).header('if-none-match', etagOf(detail))).assertStatus(304)

    const key = await createApiKey(client, world.owner, world.company, ['contracts.view'])
    const byKey = await withKey(client, key.secret).get('/contracts')
    byKey.assertStatus(200)
    assert.exists(etagOf(byKey))
    const again = await withKey(client, key.secret)
      .get('/contracts')
      .header('if-none-match', etagOf(byKey))
    again.assertStatus(304)
  })

  test('H1 and H2 answer a 304 from the read versions, before the list runs', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    await createContract(client, world)
    const api = as(client, world.owner, world.company)
    for (const path of ['/contracts?page=1', '/contracts/board']) {
      const first = await api.get(path)
      first.assertStatus(200)
      const sent = await statementsOf(() =>
        api.get(path).header('if-none-match', etagOf(first)).header('cache-control', 'no-cache')
      )
      assert.isEmpty(
        sent.filter((sql) => /\bcontracts\b/.test(sql) && !/read_versions/.test(sql)),
        `${path}: a list statement ran for a 304`
      )
    }
    /** A change the list would show raises the company's version: a new tag, a 200 */
    const board = await api.get('/contracts/board')
    await createContract(client, world, { name: 'Mais um' })
    const after = await api.get('/contracts/board').header('if-none-match', etagOf(board))
    after.assertStatus(200)
    assert.notEqual(etagOf(after), etagOf(board))
  })

  test('errors and writes carry no tag', async ({ client, assert }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const invalid = await api.get('/contracts').qs({ perPage: 0 })
    invalid.assertStatus(422)
    assert.isUndefined(invalid.header('etag'))
    const created = await api.post('/contracts').json({ name: '' })
    assert.isUndefined(created.header('etag'))
  })
})
