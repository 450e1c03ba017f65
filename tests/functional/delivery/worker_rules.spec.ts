import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import queueConfig from '#config/queue'
import type { MessengerPayload } from '#models/delivery'
import { enqueueDeliveries } from '#services/platform/outbox'
import { DeliveryWorker, MAX_ATTEMPTS } from '#services/platform/delivery_worker'
import { MessengerClient } from '#services/notifications/messenger_client'
import { recordWebhookEvent } from '#services/webhooks/events'
import { startWebhookReceiver } from '#tests/support/webhook_receiver'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import type { ApiClient } from '@japa/api-client'

/** A bot that runs the test's script instead of answering over HTTP */
class ScriptedBot extends MessengerClient {
  sent: MessengerPayload[] = []

  constructor(private script: () => Promise<void> = async () => {}) {
    super({ url: 'http://bot.invalid/send', token: 'token' })
  }

  async send(payload: MessengerPayload) {
    this.sent.push(payload)
    await this.script()
  }
}

const T0 = DateTime.fromISO('2026-03-18T15:00:00.000Z')
const LEASE_END = T0.plus({ seconds: queueConfig.leaseSeconds })

/** Messenger deliveries due at the given times (the test's clock, never the database's) */
async function messengerDueAt(...dueTimes: DateTime[]) {
  const ids = await db.transaction((trx) =>
    enqueueDeliveries(
      dueTimes.map((_, index) => ({
        channel: 'messenger' as const,
        payload: { to: '+5511', text: `mensagem ${index + 1}` },
      })),
      trx
    )
  )
  for (const [index, id] of ids.entries()) {
    await db
      .from('deliveries')
      .where('id', id)
      .update({ next_attempt_at: dueTimes[index].toJSDate() })
  }
  return ids
}

async function deliveryRow(id: string) {
  return db.from('deliveries').where('id', id).firstOrFail()
}

async function attemptRows(id: string) {
  return db
    .from('delivery_attempts')
    .where('delivery_id', id)
    .orderBy('attempt')
    .select('attempt', 'outcome', 'started_at', 'finished_at')
}

const nothing = { sent: 0, retried: 0, dead: 0, skipped: 0 }

/** The warnings the worker logs during the test, with their fields (the logger is restored after) */
function recordWarnings(cleanup: (undo: () => void) => void) {
  const warnings: { fields: Record<string, unknown>; message: string }[] = []
  const warn = logger.warn
  logger.warn = ((fields: Record<string, unknown>, message: string) => {
    warnings.push({ fields, message })
  }) as typeof logger.warn
  cleanup(() => {
    logger.warn = warn
  })
  return warnings
}

/** A webhook endpoint of a new company at `url`, with one delivery of an event to it */
async function webhookDelivery(client: ApiClient, url: string) {
  const { company, owner } = await companyWithOwner()
  const response = await as(client, owner, company)
    .post('/webhooks')
    .json({ url, events: ['*'] })
  response.assertStatus(201)
  const endpointId: string = response.body().data.id
  await db.transaction((trx) =>
    recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
  )
  const row = await db.from('deliveries').where('webhook_endpoint_id', endpointId).firstOrFail()
  await db.from('deliveries').where('id', row.id).update({ next_attempt_at: T0.toJSDate() })
  return { endpointId, id: row.id as string }
}

/**
 * The claim: a delivery is the worker's for the lease (attempts + 1, an
 * `in_flight` attempt row started at the claim), no other worker takes it
 * before the lease ends, and any worker may once it has.
 */
test.group('Delivery / the claim and its lease', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a claimed delivery is held until its lease ends, to the millisecond', async ({
    assert,
  }) => {
    const [id] = await messengerDueAt(T0)
    let whileSending: Record<string, unknown> = {}
    const bot = new ScriptedBot(async () => {
      const row = await deliveryRow(id)
      whileSending = {
        lockedUntil: row.locked_until.getTime(),
        attempts: row.attempts,
        updatedAt: row.updated_at.getTime(),
        attemptRows: (await attemptRows(id)).map((attempt) => ({
          ...attempt,
          started_at: attempt.started_at.getTime(),
        })),
        /** Another worker, just before the lease ends: nothing to claim */
        justBefore: await new DeliveryWorker({ messenger: new ScriptedBot() }).runOnce({
          now: LEASE_END.minus({ milliseconds: 1 }),
        }),
      }
    })
    assert.deepEqual(await new DeliveryWorker({ messenger: bot }).runOnce({ now: T0 }), {
      ...nothing,
      sent: 1,
    })
    assert.deepEqual(whileSending, {
      lockedUntil: LEASE_END.toMillis(),
      attempts: 1,
      updatedAt: T0.toMillis(),
      attemptRows: [
        { attempt: 1, outcome: 'in_flight', started_at: T0.toMillis(), finished_at: null },
      ],
      justBefore: nothing,
    })
  })

  test('a lease that ends exactly now frees the delivery: the earlier attempt is interrupted', async ({
    assert,
  }) => {
    const [id] = await messengerDueAt(T0)
    let secondRun: unknown
    let afterSecond: unknown
    const first = new ScriptedBot(async () => {
      /** The first worker stalls past its lease; a second one claims at its end */
      secondRun = await new DeliveryWorker({ messenger: new ScriptedBot() }).runOnce({
        now: LEASE_END,
      })
      afterSecond = (await attemptRows(id)).map((attempt) => [
        attempt.attempt,
        attempt.outcome,
        attempt.finished_at?.getTime(),
      ])
    })
    await new DeliveryWorker({ messenger: first }).runOnce({ now: T0 })
    assert.deepEqual(secondRun, { ...nothing, sent: 1 })
    assert.deepEqual(afterSecond, [
      [1, 'interrupted', LEASE_END.toMillis()],
      [2, 'sent', LEASE_END.toMillis()],
    ])
    assert.equal((await deliveryRow(id)).attempts, 2)
    assert.equal((await deliveryRow(id)).status, 'sent')
  })

  test('the oldest due delivery is claimed first, and one not yet due is left', async ({
    assert,
  }) => {
    const [later, earlier, notYet] = await messengerDueAt(
      T0.minus({ seconds: 1 }),
      T0.minus({ seconds: 2 }),
      T0.plus({ milliseconds: 1 })
    )
    const bot = new ScriptedBot()
    const summary = await new DeliveryWorker({ messenger: bot }).runOnce({ now: T0 })
    assert.deepEqual(summary, { ...nothing, sent: 2 })
    assert.deepEqual(
      bot.sent.map((payload) => payload.text),
      ['mensagem 2', 'mensagem 1']
    )
    assert.equal((await deliveryRow(earlier)).status, 'sent')
    assert.equal((await deliveryRow(later)).status, 'sent')
    assert.equal((await deliveryRow(notYet)).status, 'pending')
    assert.equal((await deliveryRow(notYet)).attempts, 0)
  })
})

/**
 * Recording the outcome is tried four times (the message is out; each
 * success is a duplicate avoided), then the worker gives up and throws:
 * the delivery keeps its lease and its `in_flight` attempt, and is sent
 * again once the lease ends. A trigger of the test makes the write fail.
 */
test.group('Delivery / an outcome that cannot be recorded', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('is tried four times, then the worker throws and the lease brings the delivery back', async ({
    assert,
    cleanup,
  }) => {
    /** Fails every outcome write (counted by a sequence: a failed write rolls back its rows), up to 20 */
    await db.rawQuery(`
      CREATE SEQUENCE test_failed_outcome_writes;
      CREATE FUNCTION test_fail_outcome_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('test_failed_outcome_writes') <= 20 THEN
          RAISE EXCEPTION 'injected: the outcome write fails';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_outcome_write BEFORE UPDATE ON delivery_attempts
        FOR EACH ROW WHEN (OLD.outcome = 'in_flight' AND NEW.outcome <> 'interrupted')
        EXECUTE FUNCTION test_fail_outcome_write();
    `)
    const dropTrigger = () =>
      db.rawQuery(`
        DROP TRIGGER IF EXISTS test_fail_outcome_write ON delivery_attempts;
        DROP FUNCTION IF EXISTS test_fail_outcome_write();
        DROP SEQUENCE IF EXISTS test_failed_outcome_writes;
      `)
    cleanup(dropTrigger)

    const warnings = recordWarnings(cleanup)
    const [id] = await messengerDueAt(T0)
    const bot = new ScriptedBot()
    await assert.rejects(
      () => new DeliveryWorker({ messenger: bot }).runOnce({ now: T0 }),
      /injected: the outcome write fails/
    )
    const {
      rows: [{ tries }],
    } = await db.rawQuery(`SELECT last_value AS tries FROM test_failed_outcome_writes`)
    assert.equal(Number(tries), 4, 'the outcome write was tried four times')
    assert.deepEqual(
      warnings.map(({ fields, message }) => ({
        fields: { ...fields, err: String((fields.err as Error).message).includes('injected') },
        message,
      })),
      Array.from({ length: 3 }, () => ({
        fields: { err: true, deliveryId: id, kind: 'messenger', attempt: 1 },
        message: 'recording a delivery outcome failed; trying again',
      })),
      'each try but the last is a warning'
    )
    assert.lengthOf(bot.sent, 1)
    const held = await deliveryRow(id)
    assert.equal(held.status, 'pending')
    assert.equal(held.locked_until.getTime(), LEASE_END.toMillis(), 'the lease is kept')
    assert.deepEqual(
      (await attemptRows(id)).map((attempt) => attempt.outcome),
      ['in_flight']
    )

    await dropTrigger()
    const after = await new DeliveryWorker({ messenger: bot }).runOnce({ now: LEASE_END })
    assert.deepEqual(after, { ...nothing, sent: 1 })
    assert.lengthOf(bot.sent, 2, 'sent again after the lease: one duplicate, nothing lost')
    assert.deepEqual(
      (await attemptRows(id)).map((attempt) => [attempt.attempt, attempt.outcome]),
      [
        [1, 'interrupted'],
        [2, 'sent'],
      ]
    )
  }).timeout(20_000)
})

/** A delivery of `channel` that failed once and waits out its backoff until `due` */
async function waitingUntil(channel: 'messenger' | 'email', due: DateTime) {
  const payload =
    channel === 'messenger'
      ? { to: '+5511', text: 'esperando' }
      : {
          to: 'maria@cliente.test',
          subject: 'Esperando',
          html: '<p>Esperando</p>',
          text: 'Esperando',
        }
  const [id] = await db.transaction((trx) => enqueueDeliveries([{ channel, payload }], trx))
  await db
    .from('deliveries')
    .where('id', id)
    .update({ attempts: 1, next_attempt_at: due.toJSDate() })
  return id
}

const dueAt = async (id: string) => (await deliveryRow(id)).next_attempt_at.getTime()

/** The first waiting delivery's slot after a recovery at `now` */
const firstSlot = (now: DateTime) =>
  now.toMillis() + Math.ceil(1000 / queueConfig.recoveryRatePerSecond)

/**
 * After a success, the waiting deliveries of that kind (and only that kind)
 * are brought forward, at most once per recovery interval and kind; a
 * webhook's success says nothing of another endpoint, so webhooks keep
 * their backoff.
 */
test.group('Delivery / recovery after a success', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a messenger success brings its kind's waiting deliveries forward, not another kind's", async ({
    assert,
  }) => {
    const anHourLater = T0.plus({ hours: 1 })
    const messenger = await waitingUntil('messenger', anHourLater)
    const email = await waitingUntil('email', anHourLater)
    await messengerDueAt(T0)
    const summary = await new DeliveryWorker({ messenger: new ScriptedBot() }).runOnce({
      now: T0,
      batchSize: 1,
    })
    assert.deepEqual(summary, { ...nothing, sent: 1 })
    assert.equal(await dueAt(messenger), firstSlot(T0))
    assert.equal(await dueAt(email), anHourLater.toMillis(), 'the e-mails wait on')
  })

  test("a webhook success brings nothing forward: another endpoint's delivery keeps its backoff", async ({
    client,
    assert,
    cleanup,
  }) => {
    const receiver = await startWebhookReceiver()
    cleanup(() => receiver.close())
    const { company, owner } = await companyWithOwner()
    const endpoints: string[] = []
    for (const path of ['a', 'b']) {
      const response = await as(client, owner, company)
        .post('/webhooks')
        .json({ url: `${receiver.url}/${path}`, events: ['*'] })
      response.assertStatus(201)
      endpoints.push(response.body().data.id)
    }
    await db.transaction((trx) =>
      recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
    )
    const deliveryOf = async (endpointId: string) =>
      (await db.from('deliveries').where('webhook_endpoint_id', endpointId).firstOrFail()).id
    const answering = await deliveryOf(endpoints[0])
    const waiting = await deliveryOf(endpoints[1])
    const anHourLater = T0.plus({ hours: 1 })
    await db.from('deliveries').where('id', answering).update({ next_attempt_at: T0.toJSDate() })
    await db
      .from('deliveries')
      .where('id', waiting)
      .update({ attempts: 1, next_attempt_at: anHourLater.toJSDate() })

    const summary = await new DeliveryWorker().runOnce({ now: T0, batchSize: 1 })
    assert.deepEqual(summary, { ...nothing, sent: 1 })
    assert.lengthOf(receiver.received, 1)
    assert.equal(await dueAt(waiting), anHourLater.toMillis())
  })

  test(
    'at {$self} a second, the waiting deliveries are brought forward no closer than 1/rate apart'
  )
    .with([20, 30])
    .run(async ({ assert, cleanup }, rate) => {
      const configured = queueConfig.recoveryRatePerSecond
      queueConfig.recoveryRatePerSecond = rate
      cleanup(() => {
        queueConfig.recoveryRatePerSecond = configured
      })
      const waiting = []
      for (const hours of [1, 2, 3])
        waiting.push(await waitingUntil('messenger', T0.plus({ hours })))
      await messengerDueAt(T0)
      await new DeliveryWorker({ messenger: new ScriptedBot() }).runOnce({ now: T0, batchSize: 1 })
      /** 50 ms at 20 a second; 34 ms at 30 (33 would let 31 through in a second) */
      const step = rate === 20 ? 50 : 34
      const due = []
      for (const id of waiting) due.push((await dueAt(id)) - T0.toMillis())
      assert.deepEqual(due, [step, 2 * step, 3 * step])
    })

  test('the recovery runs again exactly one interval after the last, not a millisecond before', async ({
    assert,
  }) => {
    const worker = new DeliveryWorker({ messenger: new ScriptedBot() })
    const anHourLater = T0.plus({ hours: 1 })
    const waiting = await waitingUntil('messenger', anHourLater)
    const interval = T0.plus({ seconds: queueConfig.recoveryIntervalSeconds })

    await messengerDueAt(T0)
    await worker.runOnce({ now: T0, batchSize: 1 })
    assert.equal(await dueAt(waiting), firstSlot(T0), 'the first recovery')

    await db
      .from('deliveries')
      .where('id', waiting)
      .update({ next_attempt_at: anHourLater.toJSDate() })
    const justBefore = interval.minus({ milliseconds: 1 })
    await messengerDueAt(justBefore)
    assert.equal((await worker.runOnce({ now: justBefore, batchSize: 1 })).sent, 1)
    assert.equal(await dueAt(waiting), anHourLater.toMillis(), 'none within the interval')

    await messengerDueAt(interval)
    assert.equal((await worker.runOnce({ now: interval, batchSize: 1 })).sent, 1)
    assert.equal(await dueAt(waiting), firstSlot(interval), 'again once the interval is over')
  })
})

/**
 * What an attempt leaves behind: a skipped delivery says why (on the
 * delivery and its attempt), a failed webhook the status its endpoint
 * answered, and every failure a warning naming the delivery, its kind,
 * the attempt and the limit, and whether it was the last one.
 */
test.group('Delivery / what an attempt records', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a skipped delivery says why: {label}')
    .with([
      { label: 'no bot configured', reason: 'messenger_not_configured' },
      { label: 'a reset for no account', reason: 'no account, or a link sent within the minute' },
      { label: 'a webhook endpoint switched off', reason: 'webhook endpoint disabled' },
    ])
    .run(async ({ client, assert, cleanup }, { reason }) => {
      let id: string
      if (reason === 'messenger_not_configured') {
        ;[id] = await messengerDueAt(T0)
      } else if (reason === 'webhook endpoint disabled') {
        const receiver = await startWebhookReceiver()
        cleanup(() => receiver.close())
        const webhook = await webhookDelivery(client, receiver.url)
        id = webhook.id
        await db
          .from('webhook_endpoints')
          .where('id', webhook.endpointId)
          .update({ is_active: false })
      } else {
        ;[id] = await db.transaction((trx) =>
          enqueueDeliveries(
            [{ channel: 'password_reset', payload: { email: 'ninguem@cliente.test' } }],
            trx
          )
        )
        await db.from('deliveries').where('id', id).update({ next_attempt_at: T0.toJSDate() })
      }
      const worker = new DeliveryWorker({ messenger: new MessengerClient({}) })
      assert.deepEqual(await worker.runOnce({ now: T0 }), { ...nothing, skipped: 1 })
      const row = await deliveryRow(id)
      assert.equal(row.status, 'skipped')
      assert.equal(row.last_error, reason)
      const attempts = await db.from('delivery_attempts').where('delivery_id', id).select('error')
      assert.deepEqual(attempts, [{ error: reason }])
    })

  test('a failed webhook attempt records the status its endpoint answered', async ({
    client,
    assert,
    cleanup,
  }) => {
    const receiver = await startWebhookReceiver([503])
    cleanup(() => receiver.close())
    const { id } = await webhookDelivery(client, receiver.url)
    assert.deepEqual(await new DeliveryWorker().runOnce({ now: T0 }), { ...nothing, retried: 1 })
    const row = await deliveryRow(id)
    assert.equal(row.status, 'pending')
    assert.equal(row.response_status, 503)
  })

  test('each failed attempt is a warning naming the delivery, the attempt and the limit; the last says so', async ({
    assert,
    cleanup,
  }) => {
    const warnings = recordWarnings(cleanup)
    const failure = new Error('the bot answered 503')
    const bot = new ScriptedBot(async () => {
      throw failure
    })
    const [first, last] = await messengerDueAt(T0, T0)
    await db
      .from('deliveries')
      .where('id', last)
      .update({ attempts: MAX_ATTEMPTS - 1 })
    const summary = await new DeliveryWorker({ messenger: bot }).runOnce({ now: T0 })
    assert.deepEqual(summary, { ...nothing, retried: 1, dead: 1 })
    const about = (id: string) => warnings.filter((warning) => warning.fields.deliveryId === id)
    assert.deepEqual(about(first), [
      {
        fields: {
          err: failure,
          deliveryId: first,
          kind: 'messenger',
          attempt: 1,
          maxAttempts: MAX_ATTEMPTS,
        },
        message: 'delivery attempt failed; retried with backoff',
      },
    ])
    assert.deepEqual(about(last), [
      {
        fields: {
          err: failure,
          deliveryId: last,
          kind: 'messenger',
          attempt: MAX_ATTEMPTS,
          maxAttempts: MAX_ATTEMPTS,
        },
        message: 'delivery attempt failed; it was the last one, the delivery is dead',
      },
    ])
  })
})
