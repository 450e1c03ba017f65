import { createConnection } from 'node:net'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { enqueueMails } from '#services/notifications/mail_outbox'
import { freePort, startSmtpServer } from '#tests/support/outbound'
import {
  killAce,
  startAce,
  startServer,
  waitUntil,
  type AceProcess,
} from '#tests/support/processes'

/**
 * SIGTERM for the two production processes, spawned as `node bin/server`
 * and `node ace queue:work` on the test run's database (or on a port
 * where no database listens). No global transaction: the children see
 * only committed rows.
 */
const started: AceProcess[] = []
const track = (child: AceProcess) => (started.push(child), child)

async function serverOn(port: number, env: NodeJS.ProcessEnv = {}) {
  const server = track(
    startServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env })
  )
  await waitUntil(
    () =>
      fetch(`http://127.0.0.1:${port}/api/v1/health`)
        .then(() => true)
        .catch(() => false),
    40_000,
    server.output
  )
  return server
}

/** Whether a new TCP connection to the port is accepted (fetch would reuse a kept-alive one) */
function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/** Milliseconds from SIGTERM to the exit, and the exit code */
async function terminate(child: AceProcess) {
  const sentAt = Date.now()
  child.child.kill('SIGTERM')
  const code = await child.exited
  return { code, ms: Date.now() - sentAt }
}

test.group('Operations / graceful shutdown on SIGTERM', (group) => {
  group.each.teardown(async () => {
    while (started.length) await killAce(started.pop()!)
  })

  test('the server stops accepting, finishes the request in flight, closes the pool and exits 0', async ({
    assert,
    cleanup,
  }) => {
    const port = await freePort()
    const server = await serverOn(port)

    // the request in flight waits on a table lock this test holds
    const holder = await db.transaction()
    cleanup(() => (holder.isCompleted ? undefined : holder.rollback()))
    await holder.rawQuery('LOCK TABLE app_versions IN ACCESS EXCLUSIVE MODE')
    const inFlight = fetch(
      `http://127.0.0.1:${port}/api/v1/app/versions?currentVersion=1.0.0&platform=ios`
    )
    await waitUntil(
      async () => {
        const { rows } = await db.rawQuery(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock'`
        )
        return rows[0].waiting > 0
      },
      10_000,
      server.output
    )

    const exit = terminate(server)
    await waitUntil(
      async () => !(await accepts(port)),
      8000,
      () => 'the server still accepts connections after SIGTERM'
    )
    await holder.rollback()
    const response = await inFlight
    assert.equal(response.status, 200, 'the request in flight was answered')
    const { code, ms } = await exit
    assert.equal(code, 0, server.output())
    assert.isBelow(ms, 10_000)
  }).timeout(60_000)

  test('the server exits 0 on SIGTERM when the database is unreachable', async ({ assert }) => {
    const port = await freePort()
    const server = await serverOn(port, { DB_PORT: String(await freePort()) })
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
    assert.equal(health.status, 503)
    const { code, ms } = await terminate(server)
    assert.equal(code, 0, server.output())
    assert.isBelow(ms, 10_000)
  }).timeout(60_000)

  test('the worker finishes the delivery in hand, records it and exits 0', async ({
    assert,
    cleanup,
  }) => {
    const received: unknown[] = []
    const sink = await startSmtpServer(0, { received: received as any, delayMs: 2000 })
    cleanup(() => sink.close())
    const ids = await db.transaction((trx) =>
      enqueueMails(
        ['Um', 'Dois'].map((subject) => ({
          to: 'a@b.test',
          subject,
          html: subject,
          text: subject,
        })),
        trx
      )
    )
    cleanup(async () => {
      await db.from('deliveries').whereIn('id', ids).delete()
    })
    const worker = track(
      startAce(['queue:work', '--idle', '1'], {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(sink.port),
        LOG_LEVEL: 'warn',
      })
    )
    await waitUntil(() => received.length >= 1, 40_000, worker.output)

    const { code, ms } = await terminate(worker)
    assert.equal(code, 0, worker.output())
    assert.isBelow(ms, 10_000)
    const rows = await db.from('deliveries').whereIn('id', ids).orderBy('created_at')
    const statuses = rows.map((row) => row.status).sort()
    assert.deepEqual(statuses, ['pending', 'sent'], 'the one in hand is recorded, the next waits')
    assert.isTrue(
      rows.every((row) => row.locked_until === null),
      'no lease left behind'
    )
  }).timeout(60_000)

  test('the worker exits 0 on SIGTERM when the database is unreachable', async ({ assert }) => {
    const worker = track(
      startAce(['queue:work', '--idle', '1'], {
        DB_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      })
    )
    await waitUntil(() => worker.output().includes('outbox batch failed'), 40_000, worker.output)
    const { code, ms } = await terminate(worker)
    assert.equal(code, 0, worker.output())
    assert.isBelow(ms, 10_000)
  }).timeout(60_000)
})
