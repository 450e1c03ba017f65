import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { buildBenchContext } from '#bench/context'
import compliance from '#bench/scenarios/compliance'

test.group('Compliance / bench scenario', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('seeds a small volume idempotently and its requests answer 200', async ({
    client,
    assert,
  }) => {
    const context = await buildBenchContext(0.01)
    const requests = await compliance.seed(context)
    const count = async () =>
      (await db.rawQuery('SELECT count(*)::int AS n FROM provider_compliances')).rows[0].n
    const first = await count()
    assert.equal(first, 21 * 24)
    await compliance.seed(context)
    assert.equal(await count(), first)

    for (const request of requests) {
      const response = await client.get(request.path).headers(request.headers!)
      response.assertStatus(200)
    }
    const providerList = await client.get(requests[0].path).headers(requests[0].headers!)
    assert.equal(providerList.body().total, 24)
    const flows = await client.get(requests[1].path).headers(requests[1].headers!)
    assert.equal(
      flows.body().data.find((f: any) => f.providersCount > 0).attachedProviders.length,
      20
    )
  })
})
