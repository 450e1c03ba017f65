import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Assert } from '@japa/assert'
import { enqueueMails } from '#services/notifications/mail_outbox'
import { freePort, startSmtpServer, type ReceivedMail } from '#tests/support/outbound'
import { killAce, startAce, waitUntil, type AceProcess } from '#tests/support/processes'

/**
 * The outbox under injected faults, end to end: real PostgreSQL, a real
 * SMTP sink, and `node ace queue:work` as a child process (the way it runs
 * in production). No global transaction here: the worker is another
 * process and only sees committed rows, so each test deletes its own.
 * Short lease and backoff (env) keep the retries within seconds.
 */
const WORKER_NAME = 'fault-test-worker'

interface Fixture {
  port: number
  received: ReceivedMail[]
  ids: string[]
  workers: AceProcess[]
}

function startWorker(fixture: Fixture) {
  const worker = startAce(['queue:work', '--no-schedules', '--idle', '1'], {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(fixture.port),
    QUEUE_LEASE_SECONDS: '2',
    QUEUE_RETRY_BASE_SECONDS: '1',
    QUEUE_RETRY_MAX_SECONDS: '2',
    DB_APPLICATION_NAME: WORKER_NAME,
    LOG_LEVEL: 'warn',
  })
  fixture.workers.push(worker)
  return worker
}

/** `count` e-mails committed to the outbox, subjects `<label> <n>` */
async function enqueue(fixture: Fixture, label: string, count: number) {
  const mails = Array.from({ length: count }, (_, index) => ({
    to: `fault-${index}@cliente.test`,
    subject: `${label} ${index + 1}`,
    html: `<p>${label} ${index + 1}</p>`,
    text: `${label} ${index + 1}`,
  }))
  fixture.ids = await db.transaction((trx) => enqueueMails(mails, trx))
}

const messageIdOf = (id: string) => `<${id}@localhost>`

async function allSent(fixture: Fixture) {
  const [{ count }] = await db
    .from('deliveries')
    .whereIn('id', fixture.ids)
    .where('status', 'sent')
    .count('* as count')
  return Number(count) === fixture.ids.length
}

async function waitForAllSent(fixture: Fixture) {
  await waitUntil(
    () => allSent(fixture),
    25_000,
    () =>
      `received ${fixture.received.length} of ${fixture.ids.length}\n` +
      fixture.workers.map((worker) => worker.output()).join('\n---\n')
  )
}

/** 0 lost, at most one duplicate, and every copy carries its delivery's Message-ID */
function assertNoneLostAtMostOneDuplicate(assert: Assert, fixture: Fixture) {
  const copies = new Map<string, ReceivedMail[]>()
  for (const message of fixture.received) {
    copies.set(message.messageId, [...(copies.get(message.messageId) ?? []), message])
  }
  const expected = fixture.ids.map(messageIdOf)
  assert.sameMembers([...copies.keys()], expected, 'every copy is one of ours, by Message-ID')
  const lost = expected.filter((messageId) => !copies.has(messageId))
  assert.deepEqual(lost, [], 'lost deliveries')
  const duplicates = fixture.received.length - copies.size
  assert.isAtMost(duplicates, 1, 'duplicates for one injected fault')
  for (const [index, id] of fixture.ids.entries()) {
    for (const copy of copies.get(messageIdOf(id))!) {
      assert.match(copy.subject, new RegExp(` ${index + 1}$`), 'a Message-ID names one e-mail')
    }
  }
}

test.group('Delivery / faults: killed worker, stopped SMTP sink, dropped connection', (group) => {
  /**
   * One port and the workers for the whole group: starting `node ace` takes
   * seconds, so the worker started after the kill serves the later tests.
   */
  const fixture: Fixture = { port: 0, received: [], ids: [], workers: [] }
  const currentWorker = () => fixture.workers[fixture.workers.length - 1]

  group.setup(async () => {
    fixture.port = await freePort()
    return async () => {
      for (const worker of fixture.workers) await killAce(worker)
    }
  })

  group.each.setup(() => {
    fixture.received = []
    fixture.ids = []
    return async () => {
      if (fixture.ids.length) await db.from('deliveries').whereIn('id', fixture.ids).delete()
    }
  })

  test('a worker killed (SIGKILL) mid-batch and restarted loses nothing', async ({
    assert,
    cleanup,
  }) => {
    const sink = await startSmtpServer(fixture.port, { received: fixture.received, delayMs: 20 })
    cleanup(() => sink.close())
    await enqueue(fixture, 'Killed worker', 20)

    const first = startWorker(fixture)
    await waitUntil(() => fixture.received.length >= 5, 25_000, first.output)
    first.child.kill('SIGKILL')
    await first.exited
    assert.isBelow(fixture.received.length, 20, 'killed mid-batch')

    startWorker(fixture)
    await waitForAllSent(fixture)
    assertNoneLostAtMostOneDuplicate(assert, fixture)
  }).timeout(45_000)

  test('an SMTP sink stopped mid-batch and restarted loses nothing', async ({
    assert,
    cleanup,
  }) => {
    let sink = await startSmtpServer(fixture.port, { received: fixture.received, delayMs: 10 })
    cleanup(() => sink.close())
    await enqueue(fixture, 'Sink down', 30)

    const worker = currentWorker() ?? startWorker(fixture)
    await waitUntil(() => fixture.received.length >= 8, 25_000, worker.output)
    await sink.close()
    const whenStopped = fixture.received.length
    await waitUntil(
      async () => {
        const [{ count }] = await db
          .from('delivery_attempts')
          .whereIn('delivery_id', fixture.ids)
          .where('outcome', 'failed')
          .count('* as count')
        return Number(count) >= 5
      },
      20_000,
      worker.output
    )
    assert.isBelow(whenStopped, 30, 'stopped mid-batch')

    sink = await startSmtpServer(fixture.port, { received: fixture.received, delayMs: 10 })
    await waitForAllSent(fixture)
    assertNoneLostAtMostOneDuplicate(assert, fixture)
  }).timeout(45_000)

  test('a database connection dropped mid-batch (pg_terminate_backend) loses nothing', async ({
    assert,
    cleanup,
  }) => {
    const sink = await startSmtpServer(fixture.port, { received: fixture.received, delayMs: 10 })
    cleanup(() => sink.close())
    await enqueue(fixture, 'Connection dropped', 30)

    const worker = currentWorker() ?? startWorker(fixture)
    await waitUntil(() => fixture.received.length >= 8, 25_000, worker.output)
    const { rows } = await db.rawQuery(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE application_name = ?`,
      [WORKER_NAME]
    )
    assert.isAtLeast(rows.length, 1, "the worker's connection was dropped")
    assert.isBelow(fixture.received.length, 30, 'dropped mid-batch')

    await waitForAllSent(fixture)
    assert.isNull(worker.child.exitCode, 'the worker survives a lost connection')
    assertNoneLostAtMostOneDuplicate(assert, fixture)
  }).timeout(45_000)
})
