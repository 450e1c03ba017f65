import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import env from '#start/env'
import { startAce } from '#tests/support/processes'

/**
 * An open GET /metrics tells anyone the traffic, queue and pool of the
 * service: production refuses to boot without METRICS_TOKEN, unless
 * metrics are switched off (METRICS_ENABLED=false, then 404). ENV_PATH is
 * an empty folder, so only the variables given here exist.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  PORT: '3999',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  APP_KEY: 'a-production-key-of-at-least-32-characters',
  APP_URL: 'https://contracts.example.com',
  DB_HOST: 'db.internal',
  DB_PORT: '',
  SMTP_HOST: 'smtp.internal',
  SMTP_PORT: '587',
  MAIL_FROM_ADDRESS: 'no-reply@contracts.example.com',
  METRICS_TOKEN: '',
  METRICS_ENABLED: '',
}

async function bootAce(extra: Record<string, string>, emptyDir: string) {
  const ace = startAce(['list'], { ...PRODUCTION, ...extra, ENV_PATH: emptyDir })
  return { code: await ace.exited, output: ace.output() }
}

test.group('Security / metrics in production', (group) => {
  let emptyDir = ''
  group.setup(async () => {
    emptyDir = await mkdtemp(join(tmpdir(), 'env-'))
    return () => rm(emptyDir, { recursive: true, force: true })
  })

  test('a production boot without METRICS_TOKEN stops, naming it', async ({ assert }) => {
    const { code, output } = await bootAce({}, emptyDir)
    assert.notEqual(code, 0)
    assert.include(output, 'Missing environment variable "METRICS_TOKEN"', output)
  }).timeout(60_000)

  test('with metrics switched off, production boots without a token', async ({ assert }) => {
    const { code, output } = await bootAce({ METRICS_ENABLED: 'false' }, emptyDir)
    assert.equal(code, 0, output)
  }).timeout(60_000)

  test('switched off, GET /metrics is 404 {message}', async ({ client, cleanup }) => {
    env.set('METRICS_ENABLED', false)
    cleanup(() => {
      env.set('METRICS_ENABLED', undefined as any)
      delete process.env.METRICS_ENABLED
    })
    const response = await client.get('/api/v1/metrics')
    response.assertStatus(404)
    response.assertBodyContains({ message: 'Rota não encontrada' })
  })
})
