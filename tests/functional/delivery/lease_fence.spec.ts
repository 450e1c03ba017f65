import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import queueConfig from '#config/queue'
import type { MessengerPayload } from '#models/delivery'
import { enqueueDeliveries } from '#services/platform/outbox'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { MessengerClient } from '#services/notifications/messenger_client'
import WebhookEndpoint from '#models/webhook_endpoint'
import { recordWebhookEvent } from '#services/webhooks/events'
import { webhookMaxAttempts } from '#services/webhooks/backoff'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/** A bot that runs the test's script instead of answering over HTTP */
class ScriptedBot extends MessengerClient {
  constructor(private script: (payload: MessengerPayload) => Promise<void>) {
    super({ url: 'http://bot.invalid/send', token: 'token' })
  }

  async send(payload: MessengerPayload) {
    await this.script(payload)
  }
}

const T0 = DateTime.fromISO('2026-03-18T15:00:00.000Z')
/** The first worker's lease is over: a second worker may claim the delivery */
const AFTER_LEASE = T0.plus({ seconds: queueConfig.leaseSeconds + 1 })

/** Everything a worker's outcome could write: the delivery and its attempt rows */
async function state(id: string) {
  const delivery = await db.from('deliveries').where('id', id).firstOrFail()
  const attempts = await db
    .from('delivery_attempts')
    .where('delivery_id', id)
    .orderBy('attempt')
    .select('attempt', 'outcome', 'error', 'started_at', 'finished_at')
  return { delivery, attempts }
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

/**
 * The outbox fence: a worker whose lease ran out while it was sending, and
 * whose delivery another worker claimed, records nothing over the newer
 * claim (status, lease, error, next try, the newer attempt), whatever
 * either outcome. Its own attempt row (attempt 1) may say what it saw.
 */
test.group('Delivery / a worker that lost its lease', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('stale {stale}, newer claim {newer}: the stale outcome changes nothing of the newer claim')
    .with([
      { stale: 'sent', newer: 'in flight' },
      { stale: 'failed', newer: 'in flight' },
      { stale: 'sent', newer: 'failed' },
      { stale: 'failed', newer: 'sent' },
      { stale: 'sent', newer: 'sent' },
      { stale: 'failed', newer: 'failed' },
    ] as const)
    .run(async ({ assert }, { stale, newer }) => {
      const [id] = await db.transaction((trx) =>
        enqueueDeliveries([{ channel: 'messenger', payload: { to: '+5511', text: 'oi' } }], trx)
      )
      await db.from('deliveries').where('id', id).update({ next_attempt_at: T0.toJSDate() })

      const newerStarted = deferred()
      const releaseNewer = deferred()
      const newerWorker = new DeliveryWorker({
        messenger: new ScriptedBot(async () => {
          newerStarted.resolve()
          if (newer === 'in flight') await releaseNewer.promise
          if (newer === 'failed') throw new Error('newer worker: the bot answered 503')
        }),
      })

      let newerRun: Promise<unknown> | undefined
      let beforeStaleRecord: Awaited<ReturnType<typeof state>> | undefined
      const staleWorker = new DeliveryWorker({
        messenger: new ScriptedBot(async () => {
          newerRun = newerWorker.runOnce({ now: AFTER_LEASE, batchSize: 1 })
          if (newer === 'in flight') await newerStarted.promise
          else await newerRun
          beforeStaleRecord = await state(id)
          if (stale === 'failed') throw new Error('stale worker: the bot answered 503')
        }),
      })

      await staleWorker.runOnce({ now: T0, batchSize: 1 })
      assert.equal(beforeStaleRecord!.delivery.attempts, 2, 'the newer worker claimed it')
      const after = await state(id)
      assert.deepEqual(after.delivery, beforeStaleRecord!.delivery)
      assert.deepEqual(after.attempts[1], beforeStaleRecord!.attempts[1])
      if (newer === 'in flight') {
        assert.isNotNull(after.delivery.locked_until, 'the newer lease still holds')
        assert.equal(after.delivery.status, 'pending')
        releaseNewer.resolve()
      }
      await newerRun
      const final = await state(id)
      assert.equal(final.delivery.status, newer === 'failed' ? 'pending' : 'sent')
      assert.equal(final.attempts[1].outcome, newer === 'failed' ? 'failed' : 'sent')
      assert.equal(final.attempts[0].outcome, stale === 'sent' ? 'sent' : 'failed')
    })
})

/**
 * A receiver on 127.0.0.1 whose n-th request (from 0) runs `script(n)`
 * before it is answered with the status the script returns.
 */
async function scriptedReceiver(script: (request: number) => Promise<number>) {
  let requests = 0
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      void script(requests++).then((status) => {
        response.writeHead(status, { 'content-type': 'text/plain' })
        response.end(String(status))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The same fence for a webhook, whose outcome also counts for its
 * endpoint (a delivered one resets the run of dead ones, a dead one adds
 * one): the stale worker's outcome counts for nothing. Each stale claim is
 * the delivery's last attempt, so a failure is `dead`.
 */
test.group('Delivery / a webhook worker that lost its lease', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test(
    "stale {stale}, newer claim {newer}: the endpoint run of dead deliveries is the newer claim's"
  )
    .with([
      { stale: 'sent', newer: 'in flight', run: 0 },
      { stale: 'dead', newer: 'in flight', run: 0 },
      { stale: 'dead', newer: 'sent', run: 0 },
      { stale: 'sent', newer: 'dead', run: 6 },
    ] as const)
    .run(async ({ client, assert, cleanup }, { stale, newer, run }) => {
      const { company, owner } = await companyWithOwner()
      const newerStarted = deferred()
      const releaseNewer = deferred()
      const newerWorker = new DeliveryWorker()
      let newerRun: Promise<unknown> | undefined
      let beforeStaleRecord: Awaited<ReturnType<typeof state>> | undefined
      let deliveryId = ''

      const receiver = await scriptedReceiver(async (request) => {
        if (request === 0) {
          /** The stale worker's request: meanwhile its lease ends and the newer worker claims */
          newerRun = newerWorker.runOnce({ now: AFTER_LEASE, batchSize: 1 })
          if (newer === 'in flight') await newerStarted.promise
          else await newerRun
          beforeStaleRecord = await state(deliveryId)
          return stale === 'sent' ? 200 : 500
        }
        newerStarted.resolve()
        if (newer === 'in flight') await releaseNewer.promise
        return newer === 'dead' ? 500 : 200
      })
      cleanup(() => receiver.close())
      const registered = await as(client, owner, company)
        .post('/webhooks')
        .json({ url: receiver.url, events: ['*'] })
      registered.assertStatus(201)
      const endpoint = { id: registered.body().data.id as string }
      await WebhookEndpoint.query().where('id', endpoint.id).update({ consecutive_dead: 5 })
      await db.transaction((trx) =>
        recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
      )
      const row = await db
        .from('deliveries')
        .where('webhook_endpoint_id', endpoint.id)
        .firstOrFail()
      deliveryId = row.id
      await db
        .from('deliveries')
        .where('id', deliveryId)
        .update({ next_attempt_at: T0.toJSDate(), attempts: webhookMaxAttempts() - 1 })
      const consecutiveDead = async () =>
        (await WebhookEndpoint.findOrFail(endpoint.id)).consecutiveDead

      await new DeliveryWorker().runOnce({ now: T0, batchSize: 1 })
      assert.equal(beforeStaleRecord!.delivery.attempts, webhookMaxAttempts() + 1)
      const after = await state(deliveryId)
      assert.deepEqual(after.delivery, beforeStaleRecord!.delivery)
      assert.equal(after.attempts[0].outcome, stale === 'sent' ? 'sent' : 'failed')
      if (newer === 'in flight') {
        assert.equal(await consecutiveDead(), 5, 'the stale outcome counted for the endpoint')
        releaseNewer.resolve()
      }
      await newerRun
      assert.equal(await consecutiveDead(), run)
      assert.equal((await state(deliveryId)).delivery.status, newer === 'dead' ? 'dead' : 'sent')
    })
})
