import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { enqueueMails } from '#services/notifications/mail_outbox'

/** The value of one sample line `name{labels} value` of the exposition */
function sample(text: string, name: string, labels: string) {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}}`))
  return line === undefined ? undefined : Number(line.split(' ').pop())
}

test.group('Operations / liveness and metrics', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /health/live answers 200 without asking the database', async ({ client }) => {
    const response = await client.get('/api/v1/health/live')
    response.assertStatus(200)
    response.assertBody({ data: { status: 'ok' } })
  })

  test('GET /metrics exposes request durations, the pool, the outbox and process metrics', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) =>
      enqueueMails(
        [
          { to: 'a@b.test', subject: 'Um', html: 'Um', text: 'Um' },
          { to: 'c@d.test', subject: 'Dois', html: 'Dois', text: 'Dois' },
        ],
        trx
      )
    )
    await client.get('/api/v1/health/live')
    await client.get('/api/v1/no-such-route')

    const response = await client.get('/api/v1/metrics')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
    const text = response.text()
    for (const family of [
      'http_request_duration_seconds',
      'db_pool_connections',
      'outbox_deliveries',
      'outbox_oldest_pending_age_seconds',
      'read_cache_lookups_total',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_total_bytes',
    ]) {
      assert.include(text, `# TYPE ${family} `)
    }
    assert.isAtLeast(
      sample(
        text,
        'http_request_duration_seconds_count',
        'route="health.live",method="GET",status="200"'
      )!,
      1
    )
    assert.isAtLeast(
      sample(
        text,
        'http_request_duration_seconds_count',
        'route="unmatched",method="GET",status="404"'
      )!,
      1
    )
    assert.equal(sample(text, 'outbox_deliveries', 'kind="email",state="pending"'), 2)
    assert.equal(sample(text, 'outbox_deliveries', 'kind="email",state="dead"'), 0)
    assert.isAtLeast(sample(text, 'outbox_oldest_pending_age_seconds', 'kind="email"')!, 0)
    assert.include(text, '\noutbox_status_up 1\n')
    for (const pool of ['main', 'generic_plans']) {
      for (const state of ['in_use', 'idle', 'waiting']) {
        assert.isAtLeast(sample(text, 'db_pool_connections', `pool="${pool}",state="${state}"`)!, 0)
      }
    }
  })

  test('with METRICS_TOKEN set, GET /metrics needs it as a bearer token', async ({
    client,
    assert,
    cleanup,
  }) => {
    env.set('METRICS_TOKEN', 'metrics-secret-123')
    cleanup(() => {
      env.set('METRICS_TOKEN', undefined as any)
      delete process.env.METRICS_TOKEN
    })

    const missing = await client.get('/api/v1/metrics')
    missing.assertStatus(401)
    missing.assertBody({ message: 'Um token de métricas válido é necessário' })
    const wrong = await client.get('/api/v1/metrics').header('authorization', 'Bearer nope')
    wrong.assertStatus(401)
    const right = await client
      .get('/api/v1/metrics')
      .header('authorization', 'Bearer metrics-secret-123')
    right.assertStatus(200)
    assert.include(right.text(), '# TYPE http_request_duration_seconds histogram')
  })
})
