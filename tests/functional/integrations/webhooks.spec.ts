import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Delivery from '#models/delivery'
import Notification from '#models/notification'
import WebhookEndpoint from '#models/webhook_endpoint'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { recordWebhookEvent } from '#services/webhooks/events'
import WebhookUrlGuard from '#services/webhooks/url_guard'
import { verifyWebhookSignature } from '#support/webhook_signature'
import { contractWorld, fullPayload } from '#tests/support/contracts'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { startWebhookReceiver } from '#tests/support/webhook_receiver'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import IndexSeeder from '#database/seeders/main/index_seeder'
import { demoWebhookReceiver } from '#database/seeders/demo/webhooks'

/** The refusal of a non-public host: the 422 in the default language, the attempt in English */
const NOT_PUBLIC_PT = 'O host da url deve resolver apenas para endereços públicos da internet'
const NOT_PUBLIC_EN = 'url host must resolve to public internet addresses only'

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>

async function register(
  client: ApiClient,
  user: User,
  company: { id: string },
  body: Record<string, unknown>
) {
  const response = await as(client, user, company).post('/webhooks').json(body)
  response.assertStatus(201)
  return response.body().data as { id: string; secret: string }
}

/** Runs the worker at `minutes` after now (past every webhook backoff of the defaults) */
const runAt = (worker: DeliveryWorker, minutes: number) =>
  worker.runOnce({ now: DateTime.now().plus({ minutes }) })

const endpointDeliveries = (endpointId: string) =>
  Delivery.query().where('webhook_endpoint_id', endpointId).orderBy('webhook_seq')

test.group('Integrations / webhooks: endpoints', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the secret is shown on create and rotation only, and stored encrypted', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const created = await register(client, owner, company, {
      url: 'https://hooks.example.com/in',
      events: ['contract.created'],
      description: 'ERP',
    })
    assert.match(created.secret, /^whsec_/)
    const stored = await WebhookEndpoint.findOrFail(created.id)
    assert.notInclude(stored.secret, created.secret)

    const shown = await as(client, owner, company).get(`/webhooks/${created.id}`)
    shown.assertStatus(200)
    assert.notProperty(shown.body().data, 'secret')
    assert.equal(shown.body().data.description, 'ERP')
    const listed = await as(client, owner, company).get('/webhooks')
    listed.assertStatus(200)
    assert.lengthOf(listed.body().data, 1)
    assert.notProperty(listed.body().data[0], 'secret')
    assert.notInclude(JSON.stringify(listed.body()), created.secret)

    const rotated = await as(client, owner, company).post(`/webhooks/${created.id}/rotate-secret`)
    rotated.assertStatus(200)
    assert.match(rotated.body().data.secret, /^whsec_/)
    assert.notEqual(rotated.body().data.secret, created.secret)
  })

  test('the catalogue lists every event with a description', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const response = await as(client, owner, company).get('/webhooks/events')
    response.assertStatus(200)
    const names = response.body().data.map((event: { name: string }) => event.name)
    assert.includeMembers(names, ['contract.created', 'work_entry.deleted', 'ping'])
    assert.isTrue(response.body().data.every((event: any) => event.description.length > 0))
  })

  test('owner and admin only (403), own company only (404), bad input is 422', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const admin = await memberOf(company, 'admin')
    const borrower = await memberOf(company, 'borrower')
    const created = await register(client, admin, company, {
      url: 'https://hooks.example.com/in',
      events: ['*'],
    })
    const denied = await as(client, borrower, company).get('/webhooks')
    denied.assertStatus(403)
    ;(await as(client, borrower, company).post(`/webhooks/${created.id}/test`)).assertStatus(403)

    const other = await companyWithOwner()
    for (const response of [
      await as(client, other.owner, other.company).get(`/webhooks/${created.id}`),
      await as(client, other.owner, other.company).patch(`/webhooks/${created.id}`).json({}),
      await as(client, other.owner, other.company).delete(`/webhooks/${created.id}`),
      await as(client, other.owner, other.company).post(`/webhooks/${created.id}/test`),
      await as(client, other.owner, other.company).get(`/webhooks/${created.id}/deliveries`),
    ]) {
      response.assertStatus(404)
    }
    assert.isNotNull(await WebhookEndpoint.find(created.id))

    const badEvent = await as(client, owner, company)
      .post('/webhooks')
      .json({ url: 'https://hooks.example.com/in', events: ['contract.exploded'] })
    badEvent.assertStatus(422)
    const noEvents = await as(client, owner, company)
      .post('/webhooks')
      .json({ url: 'https://hooks.example.com/in', events: [] })
    noEvents.assertStatus(422)
    const noUrl = await as(client, owner, company)
      .post('/webhooks')
      .json({ events: ['*'] })
    noUrl.assertStatus(422)
    const notUrl = await as(client, owner, company)
      .post('/webhooks')
      .json({ url: 'not a url', events: ['*'] })
    notUrl.assertStatus(422)
    assert.equal(notUrl.body().message, 'A url deve ser uma URL http(s) absoluta')

    const patched = await as(client, owner, company)
      .patch(`/webhooks/${created.id}`)
      .json({ isActive: false, events: ['contract.signed'] })
    patched.assertStatus(200)
    assert.isFalse(patched.body().data.isActive)
    assert.isNotNull(patched.body().data.disabledAt)
    assert.deepEqual(patched.body().data.events, ['contract.signed'])

    ;(await as(client, owner, company).delete(`/webhooks/${created.id}`)).assertStatus(204)
    assert.isNull(await WebhookEndpoint.find(created.id))
  })

  test('SSRF: create refuses http in production mode and internal addresses', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner } = await companyWithOwner()
    const refuse = (policy: { allowHttp: boolean; allowPrivate: boolean }) =>
      app.container.swap(WebhookUrlGuard, () => new WebhookUrlGuard(policy))
    cleanup(() => app.container.restore(WebhookUrlGuard))

    refuse({ allowHttp: false, allowPrivate: false })
    const http = await as(client, owner, company)
      .post('/webhooks')
      .json({ url: 'http://hooks.example.com/in', events: ['*'] })
    http.assertStatus(422)
    assert.equal(http.body().message, 'A url deve usar https')

    refuse({ allowHttp: true, allowPrivate: false })
    for (const url of [
      'http://127.0.0.1:8080/in',
      'https://localhost/in',
      'https://10.1.2.3/in',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/in',
      'https://[::1]/in',
      'https://[::ffff:127.0.0.1]/in',
      'https://[fd00:ec2::254]/in',
      'https://0.0.0.0/in',
    ]) {
      const response = await as(client, owner, company)
        .post('/webhooks')
        .json({ url, events: ['*'] })
      response.assertStatus(422)
      assert.equal(response.body().message, NOT_PUBLIC_PT, url)
    }
    const created = await register(client, owner, company, {
      url: 'https://93.184.215.14/in',
      events: ['*'],
    })
    const moved = await as(client, owner, company)
      .patch(`/webhooks/${created.id}`)
      .json({ url: 'https://192.168.0.10/in' })
    moved.assertStatus(422)
    assert.equal((await WebhookEndpoint.findOrFail(created.id)).url, 'https://93.184.215.14/in')
  })
})

test.group('Integrations / webhooks: delivery', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  let receiver: Receiver
  group.each.setup(async () => {
    receiver = await startWebhookReceiver()
    return async () => {
      await receiver.close()
    }
  })

  test('contract created: a signed contract.created reaches the receiver', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const endpoint = await register(client, world.owner, world.company, {
      url: receiver.url,
      events: ['contract.created'],
    })
    const created = await as(client, world.owner, world.company)
      .post('/contracts')
      .json(fullPayload(world))
    created.assertStatus(201)

    await runAt(new DeliveryWorker(), 0)
    assert.lengthOf(receiver.received, 1)
    const [request] = receiver.received
    const [delivery] = await endpointDeliveries(endpoint.id)
    assert.equal(request.headers['content-type'], 'application/json')
    assert.equal(request.headers['x-webhook-id'], delivery.id)
    assert.equal(request.headers['x-webhook-event'], 'contract.created')
    const timestamp = request.headers['x-webhook-timestamp'] as string
    assert.match(
      request.headers['x-webhook-signature'] as string,
      new RegExp(`^t=${timestamp},v1=[0-9a-f]{64}$`)
    )
    assert.isTrue(
      verifyWebhookSignature(
        endpoint.secret,
        request.headers['x-webhook-signature'] as string,
        request.body
      )
    )
    assert.isFalse(
      verifyWebhookSignature(
        'whsec_wrong',
        request.headers['x-webhook-signature'] as string,
        request.body
      )
    )
    assert.isFalse(
      verifyWebhookSignature(
        endpoint.secret,
        request.headers['x-webhook-signature'] as string,
        request.body + ' '
      )
    )
    assert.equal(request.json.type, 'contract.created')
    assert.equal(request.json.companyId, world.company.id)
    assert.equal(request.json.id, delivery.webhookEventId)
    assert.deepEqual(request.json.data, created.body().data)
    assert.equal((await Delivery.findOrFail(delivery.id)).status, 'sent')

    const list = await as(client, world.owner, world.company).get(
      `/webhooks/${endpoint.id}/deliveries`
    )
    list.assertStatus(200)
    assert.containsSubset(list.body().data, [
      {
        id: delivery.id,
        event: 'contract.created',
        status: 'delivered',
        attempts: 1,
        responseStatus: 200,
      },
    ])
  })

  test('a receiver that fails twice gets the event on the third attempt, exactly once', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    receiver.answer(500, 503)
    await db.transaction((trx) =>
      recordWebhookEvent(trx, {
        companyId: company.id,
        type: 'work_entry.created',
        data: { id: 'x' },
      })
    )
    const worker = new DeliveryWorker()
    await runAt(worker, 0)
    const [first] = await endpointDeliveries(endpoint.id)
    assert.equal(first.status, 'pending')
    assert.equal(first.responseStatus, 500)
    assert.equal(first.lastError, 'HTTP 500: failure 500')
    /** Not due before its backoff (about 1 min) */
    await runAt(worker, 0)
    assert.lengthOf(receiver.received, 1)
    const failed = await as(client, owner, company).get(`/webhooks/${endpoint.id}/deliveries`)
    assert.equal(failed.body().data[0].status, 'failed')

    await runAt(worker, 2)
    await runAt(worker, 10)
    await runAt(worker, 60)
    await runAt(worker, 600)
    assert.lengthOf(receiver.received, 3)
    const ids = new Set(receiver.received.map((request) => request.headers['x-webhook-id']))
    assert.deepEqual([...ids], [first.id], 'the same delivery id on every attempt')
    const done = await Delivery.findOrFail(first.id)
    assert.equal(done.status, 'sent')
    assert.equal(done.attempts, 3)
    const attempts = await db
      .from('delivery_attempts')
      .where('delivery_id', first.id)
      .orderBy('attempt')
    assert.deepEqual(
      attempts.map((a) => a.outcome),
      ['failed', 'failed', 'sent']
    )
  })

  test('a rolled-back change sends nothing', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        const eventId = await recordWebhookEvent(trx, {
          companyId: company.id,
          type: 'contract.created',
          data: { id: 'rolled back' },
        })
        assert.isString(eventId, 'the event was recorded inside the transaction')
        throw new Error('the change fails after recording its event')
      })
    )
    assert.lengthOf(await endpointDeliveries(endpoint.id), 0)
    await runAt(new DeliveryWorker(), 0)
    assert.lengthOf(receiver.received, 0)
  })

  test('only subscribed, active endpoints of the company get an event', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const other = await companyWithOwner()
    const all = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    const signed = await register(client, owner, company, {
      url: receiver.url,
      events: ['contract.signed'],
    })
    const off = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    await as(client, owner, company).patch(`/webhooks/${off.id}`).json({ isActive: false })
    const foreign = await register(client, other.owner, other.company, {
      url: receiver.url,
      events: ['*'],
    })
    await db.transaction((trx) =>
      recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
    )
    assert.lengthOf(await endpointDeliveries(all.id), 1)
    assert.lengthOf(await endpointDeliveries(signed.id), 0)
    assert.lengthOf(await endpointDeliveries(off.id), 0)
    assert.lengthOf(await endpointDeliveries(foreign.id), 0)
  })

  test('per endpoint, deliveries go out in event order', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    const second = await startWebhookReceiver()
    const other = await register(client, owner, company, { url: second.url, events: ['*'] })
    receiver.answer(500)
    for (const n of [1, 2, 3]) {
      await db.transaction((trx) =>
        recordWebhookEvent(trx, { companyId: company.id, type: 'work_entry.created', data: { n } })
      )
    }
    const worker = new DeliveryWorker()
    await runAt(worker, 0)
    /** The first failed: the two after it wait for it; the other endpoint is not held up */
    assert.deepEqual(
      receiver.received.map((r) => r.json.data.n),
      [1]
    )
    assert.deepEqual(
      second.received.map((r) => r.json.data.n),
      [1, 2, 3]
    )
    await second.close()
    await runAt(worker, 0)
    assert.lengthOf(receiver.received, 1, 'still waiting for the first')
    await runAt(worker, 5)
    assert.deepEqual(
      receiver.received.map((r) => r.json.data.n),
      [1, 1, 2, 3]
    )
    assert.isTrue((await endpointDeliveries(endpoint.id)).every((d) => d.status === 'sent'))
    assert.isTrue((await endpointDeliveries(other.id)).every((d) => d.status === 'sent'))
  })

  test('the claim probes the per-endpoint order through its index', async ({ assert }) => {
    /**
     * The claim skips a delivery while an older one of its endpoint is
     * pending: that probe, for one endpoint. A test table is tiny (any scan
     * wins on cost), so sequential and bitmap scans are disabled for the
     * EXPLAIN (SET LOCAL holds only inside the transaction): among the
     * index scans left, the planner must find the (endpoint, seq) one.
     */
    const plan = await db.transaction(async (trx) => {
      await trx.rawQuery('SET LOCAL enable_seqscan = off')
      await trx.rawQuery('SET LOCAL enable_bitmapscan = off')
      const { rows } = await trx.rawQuery(
        `EXPLAIN SELECT 1 FROM deliveries older
          WHERE older.webhook_endpoint_id = ? AND older.status = 'pending' AND older.webhook_seq < ?`,
        ['00000000-0000-4000-8000-000000000000', 10]
      )
      return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
    })
    assert.match(
      plan,
      /Index (Only )?Scan (Backward )?using deliveries_webhook_(pending|endpoint)_idx on deliveries older/,
      plan
    )
  })

  test('SSRF at send time: an address refused then is a failed attempt, nothing sent', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    await db.transaction((trx) =>
      recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
    )
    const strict = new DeliveryWorker({
      webhooks: { policy: { allowHttp: true, allowPrivate: false } },
    })
    const summary = await runAt(strict, 0)
    assert.isAtLeast(summary.retried, 1)
    assert.lengthOf(receiver.received, 0)
    const [delivery] = await endpointDeliveries(endpoint.id)
    assert.equal(delivery.status, 'pending')
    assert.equal(delivery.lastError, `refused: ${NOT_PUBLIC_EN}`)
  })

  test('a redirect is not followed: 3xx is a failure', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    receiver.answer(302)
    await db.transaction((trx) =>
      recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
    )
    await runAt(new DeliveryWorker(), 0)
    const [delivery] = await endpointDeliveries(endpoint.id)
    assert.equal(delivery.status, 'pending')
    assert.equal(delivery.responseStatus, 302)
  })

  test('test ping and redeliver: new deliveries of the endpoint, sent by the worker', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await register(client, owner, company, {
      url: receiver.url,
      events: ['contract.created'],
    })
    const ping = await as(client, owner, company).post(`/webhooks/${endpoint.id}/test`)
    ping.assertStatus(202)
    assert.containsSubset(ping.body().data, { event: 'ping', status: 'pending', attempts: 0 })
    const worker = new DeliveryWorker()
    await runAt(worker, 0)
    assert.lengthOf(receiver.received, 1)
    assert.equal(receiver.received[0].json.type, 'ping')
    assert.deepEqual(receiver.received[0].json.data, { webhookId: endpoint.id })

    const again = await as(client, owner, company).post(
      `/webhooks/${endpoint.id}/deliveries/${ping.body().data.id}/redeliver`
    )
    again.assertStatus(202)
    assert.notEqual(again.body().data.id, ping.body().data.id)
    assert.equal(again.body().data.eventId, ping.body().data.eventId)
    await runAt(worker, 0)
    assert.lengthOf(receiver.received, 2)
    assert.equal(receiver.received[1].json.id, receiver.received[0].json.id, 'same event id')
    assert.equal(receiver.received[1].headers['x-webhook-id'], again.body().data.id)

    const foreign = await companyWithOwner()
    const theirs = await register(client, foreign.owner, foreign.company, {
      url: receiver.url,
      events: ['*'],
    })
    const crossed = await as(client, owner, company).post(
      `/webhooks/${endpoint.id}/deliveries/${ping.body().data.id}/redeliver`.replace(
        endpoint.id,
        theirs.id
      )
    )
    crossed.assertStatus(404)
  })

  test('20 dead deliveries in a row switch the endpoint off and tell owners and admins', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const admin = await memberOf(company, 'admin')
    const borrower = await memberOf(company, 'borrower')
    const endpoint = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    await WebhookEndpoint.query().where('id', endpoint.id).update({ consecutive_dead: 18 })
    receiver.answer(...Array(20).fill(500))
    for (const n of [1, 2]) {
      await db.transaction((trx) =>
        recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: { n } })
      )
    }
    const worker = new DeliveryWorker()
    /** 15 h apart: past the longest backoff (12 h + 20 %) every time */
    for (let hours = 0; hours <= 15 * 13; hours += 15) {
      await worker.runOnce({ now: DateTime.now().plus({ hours }) })
    }
    const deliveries = await endpointDeliveries(endpoint.id)
    assert.deepEqual(
      deliveries.map((d) => d.status),
      ['dead', 'dead']
    )
    assert.equal(deliveries[0].attempts, 6, 'the first try and five retries')
    const switchedOff = await WebhookEndpoint.findOrFail(endpoint.id)
    assert.isFalse(switchedOff.isActive)
    assert.isNotNull(switchedOff.disabledAt)
    assert.equal(switchedOff.consecutiveDead, 20)

    const notified = await Notification.query()
      .where('type', 'system_alert')
      .where('company_id', company.id)
    assert.sameMembers(
      notified.map((n) => n.userId),
      [owner.id, admin.id]
    )
    assert.notInclude(
      notified.map((n) => n.userId),
      borrower.id
    )
    /** Switched off: the next event does not reach it */
    await db.transaction((trx) =>
      recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
    )
    assert.lengthOf(await endpointDeliveries(endpoint.id), 2)

    const back = await as(client, owner, company)
      .patch(`/webhooks/${endpoint.id}`)
      .json({ isActive: true })
    back.assertStatus(200)
    assert.equal((await WebhookEndpoint.findOrFail(endpoint.id)).consecutiveDead, 0)
  })

  test('a delivered one resets the run of dead ones', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await register(client, owner, company, { url: receiver.url, events: ['*'] })
    await WebhookEndpoint.query().where('id', endpoint.id).update({ consecutive_dead: 19 })
    await db.transaction((trx) =>
      recordWebhookEvent(trx, { companyId: company.id, type: 'contract.created', data: {} })
    )
    await runAt(new DeliveryWorker(), 0)
    const after = await WebhookEndpoint.findOrFail(endpoint.id)
    assert.equal(after.consecutiveDead, 0)
    assert.isTrue(after.isActive)
  })
})

test.group('Integrations / webhooks: demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("Acme's demo webhook (once) signs with the demo secret the dev receiver checks", async ({
    client,
    assert,
    cleanup,
  }) => {
    await new IndexSeeder(db.connection()).run()
    await new IndexSeeder(db.connection()).run()
    const demo = demoWebhookReceiver()
    const endpoints = await WebhookEndpoint.query().where('url', demo.url)
    assert.lengthOf(endpoints, 1)
    assert.deepEqual(endpoints[0].events, ['*'])

    /** The dev receiver's fixed port is not for tests: the same endpoint, pointed at ours */
    const receiver = await startWebhookReceiver()
    cleanup(() => receiver.close())
    await WebhookEndpoint.query().where('id', endpoints[0].id).update({ url: receiver.url })
    const acmeOwner = await User.findByOrFail('email', 'owner@acme.test')
    const acme = { id: endpoints[0].companyId }
    ;(await as(client, acmeOwner, acme).post(`/webhooks/${endpoints[0].id}/test`)).assertStatus(202)
    await runAt(new DeliveryWorker(), 0)
    const ping = receiver.received.find((request) => request.json.type === 'ping')!
    assert.isTrue(
      verifyWebhookSignature(demo.secret, ping.headers['x-webhook-signature'] as string, ping.body)
    )
  })
})
