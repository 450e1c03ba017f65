import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { AppVersionFactory } from '#database/factories/app_version_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { sentFrom } from '#tests/support/client_ip'

const URL = '/api/v1/app/versions'

test.group('App versions / GET /app/versions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('no stored version: no update', async ({ client }) => {
    const response = await client.get(URL).qs({ currentVersion: '1.0.0', platform: 'ios' })
    response.assertStatus(200)
    response.assertBody({ data: { updateAvailable: false, version: null } })
  })

  test('offers the highest launched, not deleted version of the platform by semver', async ({
    client,
    assert,
  }) => {
    await AppVersionFactory.merge({ version: '1.9.0' }).create()
    const expected = await AppVersionFactory.merge({ version: '1.10.0' }).create()
    await AppVersionFactory.merge({ version: '1.11.0' }).apply('future').create()
    await AppVersionFactory.merge({ version: '1.12.0' }).apply('deleted').create()
    await AppVersionFactory.merge({ version: '9.0.0' }).apply('android').create()

    const response = await client.get(URL).qs({ currentVersion: '1.2.0', platform: 'ios' })
    response.assertStatus(200)
    assert.isTrue(response.body().data.updateAvailable)
    assert.equal(response.body().data.version.id, expected.id)
    assert.containsSubset(response.body().data.version, {
      version: '1.10.0',
      platform: 'ios',
      type: 'release',
      delivery: 'store',
      forceUpdate: false,
      minSupportedVersion: '0.0.0',
      deprecatedAt: null,
    })
  })

  test('no update when the client runs the highest version or a newer one', async ({ client }) => {
    await AppVersionFactory.merge({ version: '2.0.0' }).create()
    for (const currentVersion of ['2.0.0', '2.0.1', '10.0.0']) {
      const response = await client.get(URL).qs({ currentVersion, platform: 'ios' })
      response.assertStatus(200)
      response.assertBody({ data: { updateAvailable: false, version: null } })
    }
  })

  const past = () => DateTime.now().minus({ days: 1 })
  const future = () => DateTime.now().plus({ days: 1 })
  interface ForceUpdateRule {
    rule: string
    type: 'feature' | 'bug_fix' | 'release'
    stored: boolean
    min?: string
    deprecatedAt?: () => DateTime
    expected: boolean
  }
  const forceUpdateRules: ForceUpdateRule[] = [
    { rule: 'bug_fix is always forced', type: 'bug_fix', stored: false, expected: true },
    { rule: 'feature keeps the stored false', type: 'feature', stored: false, expected: false },
    { rule: 'feature keeps the stored true', type: 'feature', stored: true, expected: true },
    { rule: 'supported release is not forced', type: 'release', stored: false, expected: false },
    {
      rule: 'current below minSupportedVersion is forced',
      type: 'release',
      stored: false,
      min: '1.5.0',
      expected: true,
    },
    {
      rule: 'current equal to minSupportedVersion is not forced',
      type: 'release',
      stored: false,
      min: '1.0.0',
      expected: false,
    },
    {
      rule: 'deprecatedAt in the past is forced',
      type: 'feature',
      stored: false,
      deprecatedAt: past,
      expected: true,
    },
    {
      rule: 'deprecatedAt in the future is not forced',
      type: 'release',
      stored: false,
      deprecatedAt: future,
      expected: false,
    },
  ]

  test('forceUpdate: {rule}')
    .with(forceUpdateRules)
    .run(async ({ client, assert }, row) => {
      await AppVersionFactory.merge({
        version: '2.0.0',
        type: row.type,
        forceUpdate: row.stored,
        minSupportedVersion: row.min ?? '0.0.0',
        deprecatedAt: row.deprecatedAt?.() ?? null,
      }).create()

      const response = await client.get(URL).qs({ currentVersion: '1.0.0', platform: 'ios' })
      response.assertStatus(200)
      assert.equal(response.body().data.version.forceUpdate, row.expected)
    })

  test('OTA versions need the same runtimeVersion; an installed updateId is not offered again', async ({
    client,
    assert,
  }) => {
    await AppVersionFactory.merge({ version: '1.3.0' }).create()
    await AppVersionFactory.merge({
      version: '1.3.1',
      delivery: 'ota',
      runtimeVersion: '1.3',
      updateId: 'update-131',
    }).create()
    const check = (qs: Record<string, string>) =>
      client.get(URL).qs({ currentVersion: '1.2.0', platform: 'ios', ...qs })

    const noRuntime = await check({})
    assert.equal(noRuntime.body().data.version.version, '1.3.0')

    const otherRuntime = await check({ runtimeVersion: '1.2' })
    assert.equal(otherRuntime.body().data.version.version, '1.3.0')

    const sameRuntime = await check({ runtimeVersion: '1.3' })
    assert.containsSubset(sameRuntime.body().data.version, {
      version: '1.3.1',
      delivery: 'ota',
      runtimeVersion: '1.3',
      updateId: 'update-131',
    })

    const installed = await check({ runtimeVersion: '1.3', updateId: 'update-131' })
    assert.equal(installed.body().data.version.version, '1.3.0')
  })

  test('is public: no token needed, x-company-id ignored', async ({ client }) => {
    await AppVersionFactory.merge({ version: '1.1.0' }).apply('android').create()
    const { company } = await companyWithOwner()
    const response = await client
      .get(URL)
      .qs({ currentVersion: '1.0.0', platform: 'android' })
      .header('x-company-id', company.id)
    response.assertStatus(200)
    response.assertBodyContains({ data: { updateAvailable: true } })
  })

  test('bad query gets 422 with errors: {label}')
    .with([
      { label: 'currentVersion missing', qs: { platform: 'ios' } },
      { label: 'currentVersion 1.2', qs: { currentVersion: '1.2', platform: 'ios' } },
      { label: 'currentVersion abc', qs: { currentVersion: 'abc', platform: 'ios' } },
      { label: 'pre-release', qs: { currentVersion: '1.2.3-beta.1', platform: 'ios' } },
      { label: 'leading zero', qs: { currentVersion: '01.2.3', platform: 'ios' } },
      { label: 'platform windows', qs: { currentVersion: '1.0.0', platform: 'windows' } },
      { label: 'platform missing', qs: { currentVersion: '1.0.0' } },
    ])
    .run(async ({ client, assert }, { qs }) => {
      const response = await client.get(URL).qs(qs)
      response.assertStatus(422)
      assert.isString(response.body().message)
      assert.isNotEmpty(response.body().errors)
    })

  test('is cacheable: ETag, Cache-Control and 304 on If-None-Match', async ({ client, assert }) => {
    await AppVersionFactory.merge({ version: '1.1.0' }).create()
    const qs = { currentVersion: '1.0.0', platform: 'ios' }
    const first = await client.get(URL).qs(qs)
    first.assertStatus(200)
    assert.equal(first.header('cache-control'), 'public, max-age=60')
    const etag = first.header('etag') as string
    assert.isString(etag)

    const again = await client.get(URL).qs(qs).header('if-none-match', etag)
    again.assertStatus(304)

    const other = await client
      .get(URL)
      .qs({ ...qs, currentVersion: '1.1.0' })
      .header('if-none-match', etag)
    other.assertStatus(200)
    assert.notEqual(other.header('etag'), etag)
  })

  test('is rate limited per IP: 429 {message} with Retry-After', async ({ client, assert }) => {
    const qs = { currentVersion: '1.0.0', platform: 'ios' }
    for (let i = 0; i < 120; i++) {
      const ok = await client.get(URL).qs(qs)
      ok.assertStatus(200)
    }
    const limited = await client.get(URL).qs(qs)
    limited.assertStatus(429)
    assert.isString(limited.body().message)
    assert.isAbove(Number(limited.header('retry-after')), 0)

    const otherIp = await sentFrom(client.get(URL).qs(qs), '127.0.0.2')
    otherIp.assertStatus(200)
  })
})
