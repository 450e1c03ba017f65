import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { buildBenchContext } from '#bench/context'
import { seedMix } from '#bench/mix_seed'
import { HOURS_ROUTE, MixPlanner, type MixCall } from '#bench/mix'

const count = async (sql: string) => (await db.rawQuery(sql)).rows[0].n as number

/**
 * The mixed bench (`npm run bench -- --mix`): every route pattern it
 * draws answers 2xx for the users the seed made, the hours entries are
 * distinct provider/day pairs, a seed replays the same requests, and a
 * second seed only tops up.
 */
test.group('Bench / mixed run', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every route of the mix answers 2xx; the same seed draws the same requests', async ({
    client,
    assert,
  }) => {
    const context = await buildBenchContext(0.02)
    const plan = await seedMix(context)
    const roles = new Set(plan.actors.map((actor) => actor.role))
    assert.includeMembers([...roles], ['owner', 'admin', 'borrower', 'user', 'provider'])
    assert.isAbove(new Set(plan.actors.map((actor) => actor.headers['x-company-id'])).size, 2)

    const planner = new MixPlanner(plan, 7)
    const send = (call: MixCall) => {
      const request = client.request(call.path, call.method).headers(call.headers)
      return call.body === undefined ? request : request.json(call.body as Record<string, unknown>)
    }
    for (const route of planner.routes) {
      for (let repeat = 0; repeat < 3; repeat++) {
        const call = planner.of(route)
        const response = await send(call)
        assert.isTrue(
          response.status() >= 200 && response.status() < 300,
          `${call.method} ${call.path}: ${response.status()} ${response.text()}`
        )
      }
    }

    const draw = (seed: number) => {
      const other = new MixPlanner(plan, seed)
      return Array.from({ length: 200 }, () => other.next())
    }
    assert.deepEqual(draw(11), draw(11))
    assert.notDeepEqual(draw(11), draw(12))
    const writes = draw(11).filter((call) => call.method !== 'GET').length
    assert.isAbove(writes, 5)
    assert.isBelow(writes, 45)
  })

  test('hours entries are distinct provider/day pairs; a second seed tops up only', async ({
    assert,
  }) => {
    const context = await buildBenchContext(0.02)
    const plan = await seedMix(context)
    const planner = new MixPlanner(plan, 3)
    const pairs = Array.from({ length: plan.hoursWriters.length * plan.hoursDays.length }, () => {
      const call = planner.of(HOURS_ROUTE)
      assert.equal(call.route, HOURS_ROUTE)
      return `${call.headers.authorization} ${(call.body as { date: string }).date}`
    })
    assert.equal(new Set(pairs).size, pairs.length)
    assert.notEqual(planner.of(HOURS_ROUTE).route, HOURS_ROUTE)

    const rows = () =>
      count(
        `SELECT (SELECT count(*) FROM users WHERE email LIKE 'bench-mix-%')
              + (SELECT count(*) FROM contracts WHERE ref LIKE 'MIX-%')
              + (SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id
                  WHERE u.email LIKE 'bench-mix-%') AS n`
      )
    const before = await rows()
    await seedMix(context)
    assert.equal(await rows(), before)
  })
})
