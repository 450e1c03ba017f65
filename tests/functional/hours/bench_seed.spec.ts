import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { buildBenchContext } from '#bench/context'
import hours from '#bench/scenarios/hours'

/**
 * The write scenario POST /monitoring/entries must answer 2xx
 * for as many requests as it has variants (one entry per provider and
 * day, else 409), and a new seed starts clean.
 */
test.group('Hours / bench scenario', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every variant is a distinct provider/day pair that answers 201', async ({
    client,
    assert,
  }) => {
    const context = await buildBenchContext(0.01)
    const [request] = await hours.seed(context)
    assert.equal(request.name, 'POST /monitoring/entries')
    const variants = request.variants!
    assert.lengthOf(variants, 10 * 8)
    const pairs = new Set(
      variants.map((variant: any) => `${variant.headers.authorization} ${variant.body.date}`)
    )
    assert.equal(pairs.size, variants.length)

    for (const variant of variants.slice(0, 24)) {
      const response = await client
        .post(request.path)
        .headers({ ...request.headers, ...variant.headers })
        .json(variant.body)
      response.assertStatus(201)
    }
    const written = async () =>
      (
        await db.rawQuery(
          `SELECT count(*)::int AS n FROM work_entries w JOIN users u ON u.id = w.user_id
            WHERE u.email LIKE 'bench-hours-%' AND w.date >= current_date - 7`
        )
      ).rows[0].n
    assert.equal(await written(), 24)
    await hours.seed(context)
    assert.equal(await written(), 0)
  })
})
