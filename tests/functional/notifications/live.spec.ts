import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import pg from 'pg'
import BroadcastSystemAlert from '#actions/notifications/broadcast_system_alert'
import type Company from '#models/company'
import type User from '#models/user'
import { NotificationFactory } from '#database/factories/notification_factory'
import sessionTokens from '#services/auth/session_token_service'
import { notificationChannel } from '#services/notifications/live_channel'
import { liveListener } from '#start/transmit'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { FetchEventSource, liveClient, within, type LiveMessage } from '#tests/support/live'
import { freePort } from '#tests/support/outbound'
import { killAce, startServer, waitUntil, type AceProcess } from '#tests/support/processes'

/**
 * Live notifications over SSE, with the transmit client over real
 * HTTP against the test server. No global transaction: a notification is
 * pushed when its transaction COMMITS (PostgreSQL delivers the trigger's
 * NOTIFY then), so the rows here are committed and removed afterwards.
 */
const api = () => `${process.env.APP_URL}/api/v1`

const created: { companies: string[]; users: string[] } = { companies: [], users: [] }
/** Deliveries that existed before (none: other tests roll back): the alerts queue e-mails here */
let deliveriesBefore: string[] = []

async function rememberDeliveries() {
  deliveriesBefore = (await db.from('deliveries').select('id')).map((row) => row.id)
}

/** Removes what the tests committed: the companies and users (their rows cascade), the deliveries */
async function removeCreated() {
  await db.from('deliveries').whereNotIn('id', deliveriesBefore).delete()
  await db.from('companies').whereIn('id', created.companies).delete()
  await db.from('users').whereIn('id', created.users).delete()
}

async function tenant() {
  const { company, owner } = await companyWithOwner()
  const provider = await memberOf(company, 'provider')
  created.companies.push(company.id)
  created.users.push(owner.id, provider.id)
  return { company, owner, provider }
}

async function stranger() {
  const { company, owner } = await companyWithOwner()
  created.companies.push(company.id)
  created.users.push(owner.id)
  return owner
}

async function tokenOf(user: User) {
  return (await sessionTokens.openSession(user, {})).accessToken
}

/** A transmit client of `user`, subscribed to its channel in `company` */
async function watching(user: User, company: Company, cleanup: (fn: () => void) => void) {
  const client = liveClient(api(), await tokenOf(user))
  cleanup(() => client.close())
  const watched = await client.watch(notificationChannel(user.id, company.id))
  return { client, ...watched }
}

function arrivedFor(messages: LiveMessage[], predicate: (message: LiveMessage) => boolean) {
  return () => messages.find(predicate)
}

/** An event stream opened by hand (the refusal tests need its uid) */
function openStream(cleanup: (fn: () => void) => void, url = api()) {
  const uid = randomUUID()
  const source = new FetchEventSource(`${url}/__transmit/events?uid=${uid}`)
  cleanup(() => source.close())
  return { uid, source }
}

function subscribe(client: ApiClient, body: Record<string, unknown>, token?: string) {
  const request = client.post('/api/v1/__transmit/subscribe').json(body)
  return token === undefined ? request : request.bearerToken(token)
}

test.group('Notifications / live over SSE', (group) => {
  group.setup(rememberDeliveries)
  group.teardown(removeCreated)

  test('a custom notification (I5, platform) arrives within 1 s with the unread count', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner, provider } = await tenant()
    await NotificationFactory.merge({
      userId: provider.id,
      companyId: company.id,
      isRead: false,
    }).createMany(2)
    const { subscription, messages } = await watching(provider, company, cleanup)
    assert.isTrue(subscription.isCreated)

    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({ sendTo: provider.id, message: 'Contrato pronto', platforms: ['platform'] })
    response.assertStatus(200)
    const sentAt = Date.now()

    const message = await within(
      1000,
      arrivedFor(messages, () => true),
      () => 'no message'
    )
    assert.isBelow(Date.now() - sentAt, 1000)
    assert.equal(message.unreadCount, 3, 'the two earlier unread and this one')

    // the pushed item is the I1 list item, field for field
    const inbox = await as(client, provider, company).get('/notifications?perPage=1')
    assert.deepEqual(message.notification, inbox.body().data.data[0])
    assert.include(message.notification, { type: 'custom', title: 'Contrato pronto' })
  })

  test('notifications committed outside the API process arrive too (worker, ace, another connection)', async ({
    assert,
    cleanup,
  }) => {
    const { company, owner, provider } = await tenant()
    const third = await memberOf(company, 'user')
    created.users.push(third.id)
    const ownerView = await watching(owner, company, cleanup)
    const providerView = await watching(provider, company, cleanup)

    // `ace notifications:broadcast`'s action: one committed batch per member here
    const sent = await new BroadcastSystemAlert().handle(
      { company: company.id, title: 'Manutenção', message: 'Hoje às 22h' },
      1
    )
    assert.equal(sent, 3)
    for (const [user, view] of [
      [owner, ownerView],
      [provider, providerView],
    ] as const) {
      const message = await within(
        1000,
        arrivedFor(view.messages, (one) => one.notification.type === 'system_alert'),
        () => `no system_alert for ${user.email}`
      )
      assert.equal(message.notification.userId, user.id, 'each user gets only its own')
      assert.equal(message.unreadCount, 1)
    }

    // a plain INSERT committed by a connection outside the app (as a worker process would)
    const outsider = new pg.Client(
      db.manager.get(db.primaryConnectionName)!.config.connection as pg.ClientConfig
    )
    await outsider.connect()
    cleanup(() => outsider.end())
    const { rows } = await outsider.query(
      `INSERT INTO notifications (company_id, user_id, scope, type, title, message)
       VALUES ($1, $2, 'personal', 'custom', 'De fora', 'Outro processo') RETURNING id`,
      [company.id, provider.id]
    )
    const message = await within(
      1000,
      arrivedFor(providerView.messages, (one) => one.notification.id === rows[0].id),
      () => 'the outside insert was not pushed'
    )
    assert.equal(message.unreadCount, 2)
    assert.lengthOf(
      ownerView.messages.filter((one) => one.notification.userId !== owner.id),
      0,
      'nothing of another user on the owner channel'
    )
  })

  test('a rolled-back notification is never pushed', async ({ assert, cleanup }) => {
    const { company, provider } = await tenant()
    const { messages } = await watching(provider, company, cleanup)
    const trx = await db.transaction()
    await NotificationFactory.client(trx)
      .merge({ userId: provider.id, companyId: company.id, title: 'Desfeita' })
      .create()
    await trx.rollback()
    await NotificationFactory.merge({
      userId: provider.id,
      companyId: company.id,
      title: 'Feita',
    }).create()
    await within(
      1000,
      arrivedFor(messages, () => true),
      () => 'the committed one never came'
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.deepEqual(
      messages.map((one) => one.notification.title),
      ['Feita']
    )
  })

  test('only the user itself, while a member, may subscribe to its channel', async ({
    client,
    cleanup,
  }) => {
    const { company, owner, provider } = await tenant()
    const outsider = await stranger()
    const { uid } = openStream(cleanup)
    const providerChannel = notificationChannel(provider.id, company.id)

    // another member of the same company: not its channel
    const byOwner = await subscribe(client, { uid, channel: providerChannel }, await tokenOf(owner))
    byOwner.assertStatus(403)
    byOwner.assertBodyContains({ message: 'Você não pode assinar este canal' })

    // a user of another company, on its own id: not a member
    const byOutsider = await subscribe(
      client,
      { uid, channel: notificationChannel(outsider.id, company.id) },
      await tokenOf(outsider)
    )
    byOutsider.assertStatus(403)
    byOutsider.assertBodyContains({ message: 'Você não é membro desta empresa' })

    // a member removed from the company
    const providerToken = await tokenOf(provider)
    await db
      .from('company_members')
      .where({ company_id: company.id, user_id: provider.id })
      .delete()
    const removed = await subscribe(client, { uid, channel: providerChannel }, providerToken)
    removed.assertStatus(403)
    removed.assertBodyContains({ message: 'Você não é membro desta empresa' })

    // not a notification channel at all
    const other = await subscribe(client, { uid, channel: 'users' }, await tokenOf(owner))
    other.assertStatus(403)
  })

  test('a missing, bad or logged-out token is refused with 401', async ({ client, cleanup }) => {
    const { company, provider } = await tenant()
    const { uid } = openStream(cleanup)
    const channel = notificationChannel(provider.id, company.id)

    ;(await subscribe(client, { uid, channel })).assertStatus(401)
    ;(await subscribe(client, { uid, channel }, 'not-a-jwt')).assertStatus(401)

    const token = await tokenOf(provider)
    ;(await client.post('/api/v1/auth/logout').bearerToken(token)).assertStatus(204)
    const loggedOut = await subscribe(client, { uid, channel }, token)
    loggedOut.assertStatus(401)
    loggedOut.assertBodyContains({ message: 'Não autenticado' })
  })

  test('a refused stream receives nothing, and bad stream input is a 4xx', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner, provider } = await tenant()
    const spy = liveClient(api(), await tokenOf(owner))
    cleanup(() => spy.close())
    const spied = spy.transmit.subscription(notificationChannel(provider.id, company.id))
    const seen: unknown[] = []
    spied.onMessage((message) => seen.push(message))
    await spied.create()
    assert.isFalse(spied.isCreated, 'the owner cannot watch the provider')

    const { messages } = await watching(provider, company, cleanup)
    await NotificationFactory.merge({ userId: provider.id, companyId: company.id }).create()
    await within(
      1000,
      arrivedFor(messages, () => true),
      () => 'the provider got nothing'
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.lengthOf(seen, 0)

    // a stream without a uid (transmit's own controller answers 500), or a guessable one
    ;(await client.get('/api/v1/__transmit/events')).assertStatus(422)
    ;(await client.get('/api/v1/__transmit/events?uid=1')).assertStatus(422)
  })

  test('a 120-row insert is announced in NOTIFYs of 50 ids under 8000 bytes, and pushed whole', async ({
    assert,
    cleanup,
  }) => {
    const { company, provider } = await tenant()
    const { messages } = await watching(provider, company, cleanup)
    const listener = new pg.Client(
      db.manager.get(db.primaryConnectionName)!.config.connection as pg.ClientConfig
    )
    await listener.connect()
    cleanup(() => listener.end())
    const payloads: string[] = []
    listener.on('notification', (message) => payloads.push(message.payload!))
    await listener.query('LISTEN notifications_created')

    // one statement, as a broadcast batch inserts its rows
    await db.rawQuery(
      `INSERT INTO notifications (company_id, user_id, scope, type, title, message)
       SELECT ?, ?, 'company', 'system_alert', 'Lote ' || n, 'Aviso' FROM generate_series(1, 120) n`,
      [company.id, provider.id]
    )
    await within(
      1000,
      () => (messages.length === 120 ? true : undefined),
      () => `${messages.length} of 120`
    )

    /** The chunks and their rows go out in the insert's order */
    assert.deepEqual(
      payloads.map((payload) => JSON.parse(payload).length),
      [50, 50, 20]
    )
    const inserted = await db
      .from('notifications')
      .where({ user_id: provider.id, company_id: company.id })
      .orderByRaw('CAST(substring(title FROM 6) AS int)')
      .select('id')
    assert.deepEqual(
      payloads.flatMap((payload) => JSON.parse(payload)).map((one: any) => one.id),
      inserted.map((row) => row.id)
    )
    assert.isTrue(payloads.every((payload) => Buffer.byteLength(payload) < 8000))
    assert.deepEqual(
      payloads.flatMap((payload) => JSON.parse(payload)).map((one: any) => one.userId),
      Array(120).fill(provider.id)
    )
    assert.sameMembers(
      messages.map((one) => one.notification.title),
      Array.from({ length: 120 }, (_, index) => `Lote ${index + 1}`)
    )
    assert.isTrue(
      messages.every((one) => one.unreadCount === 120),
      'the burst shows its final count'
    )
  })

  test('the LISTEN connection comes back after PostgreSQL drops it', async ({
    assert,
    cleanup,
  }) => {
    const { company, provider } = await tenant()
    const { messages } = await watching(provider, company, cleanup)
    const { rows } = await db.rawQuery(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
        WHERE application_name LIKE '%:live' AND pid <> pg_backend_pid()
          AND datname = current_database()`
    )
    assert.isAbove(rows.length, 0, 'the listener connection was found')
    await waitUntil(
      () => !liveListener.listening,
      2000,
      () => 'the drop was not noticed'
    )
    await waitUntil(
      () => liveListener.listening,
      5000,
      () => 'no reconnection'
    )

    await NotificationFactory.merge({ userId: provider.id, companyId: company.id }).create()
    await within(
      1000,
      arrivedFor(messages, () => true),
      () => 'nothing after the reconnection'
    )
  })
})

test.group('Notifications / live streams across instances and on shutdown', (group) => {
  /** A second API instance, as `node bin/server.js`, on the same database */
  let server: AceProcess
  let url: string
  group.setup(async () => {
    const port = await freePort()
    // a grace period longer than the test allows: only ending the streams can exit in time
    server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '30000',
      DB_APPLICATION_NAME: 'second-instance',
    })
    url = `http://127.0.0.1:${port}/api/v1`
    await waitUntil(
      () =>
        fetch(`${url}/health`)
          .then(() => true)
          .catch(() => false),
      40_000,
      server.output
    )
    await waitUntil(
      async () => {
        const { rows } = await db.rawQuery(
          `SELECT 1 FROM pg_stat_activity
            WHERE application_name = 'second-instance:live' AND query LIKE 'LISTEN%'`
        )
        return rows.length > 0
      },
      10_000,
      () => `the second instance does not LISTEN: ${server.output()}`
    )
    await rememberDeliveries()
    return async () => {
      await killAce(server)
      await removeCreated()
    }
  })

  test('a stream on one instance, subscribed through another, receives its notifications', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, provider } = await tenant()
    const stream = openStream(cleanup, url)
    const received: LiveMessage[] = []
    stream.source.addEventListener('message', (event) => {
      const { channel, payload } = JSON.parse((event as MessageEvent).data)
      if (channel !== '$$transmit/ping') received.push(payload)
    })
    await waitUntil(() => stream.source.status === 200, 5000, server.output)

    // the load balancer sent the subscribe to the test server, not to the stream's instance
    const channel = notificationChannel(provider.id, company.id)
    ;(await subscribe(client, { uid: stream.uid, channel }, await tokenOf(provider))).assertStatus(
      204
    )
    const [row] = await NotificationFactory.merge({
      userId: provider.id,
      companyId: company.id,
    }).createMany(1)
    // PostgreSQL delivers NOTIFYs in commit order: the relayed subscribe comes first
    const message = await within(
      2000,
      arrivedFor(received, () => true),
      () => `nothing on the other instance: ${server.output()}`
    )
    assert.equal(message.notification.id, row.id)
    assert.equal(message.unreadCount, 1)
  })

  test('open SSE streams do not hold the server past SIGTERM', async ({ assert, cleanup }) => {
    const { company, provider } = await tenant()
    const live = liveClient(url, await tokenOf(provider))
    cleanup(() => live.close())
    const { subscription } = await live.watch(notificationChannel(provider.id, company.id))
    assert.isTrue(subscription.isCreated, server.output())
    const second = openStream(cleanup, url)
    await waitUntil(() => second.source.status === 200, 5000, server.output)

    const sentAt = Date.now()
    server.child.kill('SIGTERM')
    const code = await server.exited
    const ms = Date.now() - sentAt
    assert.equal(code, 0, server.output())
    assert.isBelow(ms, 10_000)
    await Promise.all([live.source.ended, second.source.ended])
  }).timeout(30_000)
})
