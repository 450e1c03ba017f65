import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { seedAppVersions } from '#database/seeders/demo/app_versions'

test.group('App versions / demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the demo versions are idempotent and show each forceUpdate rule', async ({
    client,
    assert,
  }) => {
    const first = await db.transaction((trx) => seedAppVersions(trx))
    assert.isTrue(first.every(({ outcome }) => outcome === 'created'))
    const second = await db.transaction((trx) => seedAppVersions(trx))
    assert.isTrue(second.every(({ outcome }) => outcome === 'unchanged'))

    const check = async (qs: Record<string, string>) =>
      (await client.get('/api/v1/app/versions').qs(qs)).body().data
    const belowMin = await check({ currentVersion: '1.0.0', platform: 'ios' })
    assert.deepInclude(belowMin.version, { version: '1.3.0', forceUpdate: true })
    const supported = await check({ currentVersion: '1.2.0', platform: 'ios' })
    assert.deepInclude(supported.version, { version: '1.3.0', forceUpdate: false })
    const ota = await check({ currentVersion: '1.3.0', platform: 'ios', runtimeVersion: '1.3' })
    assert.deepInclude(ota.version, { version: '1.3.1', delivery: 'ota' })
    const deprecated = await check({ currentVersion: '1.1.0', platform: 'android' })
    assert.deepInclude(deprecated.version, { version: '1.2.0', forceUpdate: true })
  })
})
