import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import appVersions from '#bench/scenarios/app_versions'
import type { BenchContext } from '#bench/types'

test.group('App versions / bench scenario', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('tops up to 1000 versions per platform; the check is one index walk', async ({
    client,
    assert,
  }) => {
    const context = { scale: 1 } as BenchContext
    const [request] = await appVersions.seed(context)
    await appVersions.seed(context)
    const { rows } = await db.rawQuery(
      'SELECT platform, count(*)::int AS n FROM app_versions GROUP BY platform ORDER BY platform'
    )
    assert.deepEqual(rows, [
      { platform: 'android', n: 1000 },
      { platform: 'ios', n: 1000 },
    ])

    const response = await client.get(request.path)
    response.assertStatus(200)
    assert.equal(response.body().data.version.version, '2.1000.0')

    await db.rawQuery('ANALYZE app_versions')
    const plan = await db.rawQuery(
      `EXPLAIN SELECT * FROM app_versions WHERE deleted_at IS NULL AND platform = 'ios'
         AND launch_at <= now() ORDER BY major DESC, minor DESC, patch DESC LIMIT 1`
    )
    const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
    assert.match(text, /Index Scan using app_versions_latest_index/)
  })
})
