import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import AppVersionsSeed from '#commands/app_versions_seed'
import AppVersionsList from '#commands/app_versions_list'
import AppVersionsDelete from '#commands/app_versions_delete'
import AppVersion from '#models/app_version'
import { AppVersionFactory } from '#database/factories/app_version_factory'

const entry = (overrides: Record<string, unknown> = {}) => ({
  platform: 'ios',
  version: '1.0.0',
  launchAt: '2025-01-10T12:00:00.000Z',
  type: 'release',
  title: 'First release',
  description: 'Hello',
  storeUrl: 'https://apps.apple.com/app/id1',
  minSupportedVersion: '1.0.0',
  ...overrides,
})

async function writeJson(content: unknown) {
  const dir = app.tmpPath('tests')
  await mkdir(dir, { recursive: true })
  const path = `${dir}/app_versions_${randomUUID()}.json`
  await writeFile(path, JSON.stringify(content))
  return path
}

async function runCommand(
  command: typeof AppVersionsSeed | typeof AppVersionsList | typeof AppVersionsDelete,
  argv: string[]
) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const instance = await ace.create(command, argv)
  await instance.exec()
  return instance
}

const countVersions = async () => Number((await AppVersion.query().count('* as n'))[0].$extras.n)

test.group('App versions / ace commands', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('seed creates, then reports unchanged and updated rows', async ({ assert }) => {
    const android = entry({ platform: 'android', version: '1.1.0', type: 'feature' })
    const path = await writeJson([entry(), android])

    const first = await runCommand(AppVersionsSeed, [path])
    first.assertSucceeded()
    first.assertLogMatches(/created 2, updated 0, unchanged 0/)
    assert.equal(await countVersions(), 2)
    const stored = await AppVersion.query().where('platform', 'android').firstOrFail()
    assert.deepInclude(stored.toJSON(), { delivery: 'store', forceUpdate: false, version: '1.1.0' })

    const changed = await writeJson([entry(), { ...android, title: 'Renamed' }])
    const second = await runCommand(AppVersionsSeed, [changed])
    second.assertSucceeded()
    second.assertLogMatches(/created 0, updated 1, unchanged 1/)
    await stored.refresh()
    assert.equal(stored.title, 'Renamed')
    assert.equal(await countVersions(), 2)
  })

  test('seed --dry-run shows the outcome and writes nothing', async ({ assert }) => {
    const path = await writeJson([entry(), entry({ version: '1.1.0' })])
    const command = await runCommand(AppVersionsSeed, ['--dry-run', path])
    command.assertSucceeded()
    command.assertLogMatches(/dry run.*created 2/)
    assert.equal(await countVersions(), 0)
  })

  test('seed refuses the whole file on a bad entry: {label}')
    .with([
      { label: 'bad semver', versions: [entry({ version: '1.1.0' }), entry({ version: '1.2' })] },
      { label: 'bad minSupportedVersion', versions: [entry({ minSupportedVersion: 'abc' })] },
      { label: 'duplicate', versions: [entry({ version: '1.1.0' }), entry(), entry()] },
      { label: 'bad platform', versions: [entry(), entry({ platform: 'windows' })] },
      { label: 'ota without runtime', versions: [entry({ delivery: 'ota' })] },
      { label: 'not an array', versions: { version: '1.0.0' } },
      { label: 'empty', versions: [] },
    ])
    .run(async ({ assert }, { versions }) => {
      await AppVersionFactory.merge({ version: '0.9.0', title: 'Kept' }).create()
      const path = await writeJson(versions)
      const command = await runCommand(AppVersionsSeed, [path])
      command.assertFailed()
      command.assertLogMatches(/refused|recusad/)
      assert.equal(await countVersions(), 1)
      assert.equal((await AppVersion.firstOrFail()).title, 'Kept')
    })

  test('seed fails on a missing or malformed file', async () => {
    const missing = await runCommand(AppVersionsSeed, [app.tmpPath('tests/missing.json')])
    missing.assertFailed()

    const path = app.tmpPath(`tests/malformed_${randomUUID()}.json`)
    await writeFile(path, '{ not json')
    const malformed = await runCommand(AppVersionsSeed, [path])
    malformed.assertFailed()
  })

  test('delete soft-deletes; list shows the history', async ({ assert }) => {
    const version = await AppVersionFactory.merge({ version: '1.4.0' }).create()

    const deleted = await runCommand(AppVersionsDelete, ['ios', '1.4.0'])
    deleted.assertSucceeded()
    await version.refresh()
    assert.isNotNull(version.deletedAt)

    const list = await runCommand(AppVersionsList, ['--platform', 'ios'])
    list.assertSucceeded()
    list.assertTableRows([
      [
        'ios',
        '1.4.0',
        'release',
        'store',
        version.launchAt.toISO()!,
        'false',
        '0.0.0',
        version.deletedAt!.toISO()!,
      ],
    ])
  })

  test('delete and list refuse bad input', async () => {
    ;(await runCommand(AppVersionsDelete, ['windows', '1.0.0'])).assertFailed()
    ;(await runCommand(AppVersionsDelete, ['ios', '1.2'])).assertFailed()
    ;(await runCommand(AppVersionsDelete, ['ios', '7.7.7'])).assertFailed()
    ;(await runCommand(AppVersionsList, ['--platform', 'windows'])).assertFailed()
  })
})
