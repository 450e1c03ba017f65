import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import CreateInvitation from '#actions/team/create_invitation'
import type Company from '#models/company'
import type User from '#models/user'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { NotificationFactory } from '#database/factories/notification_factory'
import sessionTokens from '#services/auth/session_token_service'
import { notificationChannel } from '#services/notifications/live_channel'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { FetchEventSource, liveClient, within, type LiveMessage } from '#tests/support/live'
import { waitUntil } from '#tests/support/processes'

/**
 * Live streams belong to the session that bound them (docs/security.md,
 * "Live notification streams"), over real HTTP against the test server.
 * No global transaction: revocations and notifications reach the streams
 * when their transactions COMMIT (PostgreSQL NOTIFY), so the rows here are
 * committed and removed afterwards.
 */
const api = () => `${process.env.APP_URL}/api/v1`

const created: { companies: string[]; users: string[] } = { companies: [], users: [] }
let deliveriesBefore: string[] = []

async function tenant() {
  const { company, owner } = await companyWithOwner()
  const provider = await memberOf(company, 'provider')
  created.companies.push(company.id)
  created.users.push(owner.id, provider.id)
  return { company, owner, provider }
}

/** A transmit client of a new session of `user`, watching its channel in `company` */
async function watching(user: User, company: Company, cleanup: (fn: () => void) => void) {
  const { session, accessToken } = await sessionTokens.openSession(user, {})
  const live = liveClient(api(), accessToken)
  cleanup(() => live.close())
  const watched = await live.watch(notificationChannel(user.id, company.id))
  return { live, session, accessToken, ...watched }
}

/** An event stream opened by hand, collecting what it receives */
function openStream(cleanup: (fn: () => void) => void, uid: string = randomUUID()) {
  const source = new FetchEventSource(`${api()}/__transmit/events?uid=${uid}`)
  cleanup(() => source.close())
  const received: LiveMessage[] = []
  source.addEventListener('message', (event) => {
    const { channel, payload } = JSON.parse((event as MessageEvent).data)
    if (channel !== '$$transmit/ping') received.push(payload)
  })
  return { uid, source, received }
}

function subscribe(client: ApiClient, uid: string, channel: string, token: string) {
  return client.post('/api/v1/__transmit/subscribe').json({ uid, channel }).bearerToken(token)
}

/** Resolves true when the server ended the stream within `ms`, false otherwise */
function endedWithin(source: FetchEventSource, ms: number) {
  return Promise.race([
    source.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ])
}

/** A notification committed for `user` in `company` is not delivered to `messages` */
async function assertNotDelivered(
  assert: { lengthOf: (value: unknown[], length: number, message?: string) => void },
  user: User,
  company: Company,
  messages: LiveMessage[]
) {
  const before = messages.length
  await NotificationFactory.merge({ userId: user.id, companyId: company.id }).create()
  await new Promise((resolve) => setTimeout(resolve, 500))
  assert.lengthOf(messages.slice(before), 0, 'a notification reached the ended stream')
}

interface Ending {
  client: ApiClient
  user: User
  company: Company
  owner: User
  /** The access token of the watched session */
  accessToken: string
  sessionId: string
}

test.group('Security / live streams end with their session or membership', (group) => {
  group.setup(async () => {
    deliveriesBefore = (await db.from('deliveries').select('id')).map((row) => row.id)
    return async () => {
      await db.from('deliveries').whereNotIn('id', deliveriesBefore).delete()
      await db.from('companies').whereIn('id', created.companies).delete()
      await db.from('users').whereIn('id', created.users).delete()
    }
  })

  test('the stream is closed by the server within seconds: {label}')
    .with<{ label: string; role?: 'user'; end: (ending: Ending) => Promise<void> }[]>([
      {
        label: 'logout',
        end: async ({ client, accessToken }) => {
          ;(await client.post('/api/v1/auth/logout').bearerToken(accessToken)).assertStatus(204)
        },
      },
      {
        label: 'password change from another session (signs out the others)',
        end: async ({ client, user }) => {
          const { accessToken } = await sessionTokens.openSession(user, {})
          const response = await client
            .put('/api/v1/users/me/password')
            .json({ currentPassword: FACTORY_PASSWORD, newPassword: 'brand-new-pass-42' })
            .bearerToken(accessToken)
          response.assertStatus(204)
        },
      },
      {
        label: 'session removal from another session',
        end: async ({ client, user, sessionId }) => {
          const { accessToken } = await sessionTokens.openSession(user, {})
          const response = await client
            .delete(`/api/v1/users/me/sessions/${sessionId}`)
            .bearerToken(accessToken)
          response.assertStatus(204)
        },
      },
      {
        label: 'account deletion (every session and membership)',
        end: async ({ client, accessToken }) => {
          ;(await client.delete('/api/v1/users/me/delete').bearerToken(accessToken)).assertStatus(
            204
          )
        },
      },
      {
        label: 'invitation takeover of an unverified account (every session of the old holder)',
        end: async ({ client, user, company, owner }) => {
          await db.from('users').where('id', user.id).update({ email_verified_at: null })
          const createInvitation = await app.container.make(CreateInvitation)
          const url = await db.transaction((trx) =>
            createInvitation.handle(user, company, owner, trx, { role: 'user' })
          )
          const token = new URL(url).searchParams.get('token')!
          const response = await client
            .post('/api/v1/auth/invitations/accept')
            .json({ token, password: 'mailbox-owner-42' })
          response.assertStatus(200)
        },
      },
      {
        label: 'member removal by the owner (the session lives on)',
        role: 'user',
        end: async ({ client, user, company, owner }) => {
          const { accessToken } = await sessionTokens.openSession(owner, {})
          const response = await client
            .delete(`/api/v1/company/members/${user.id}`)
            .header('x-company-id', company.id)
            .bearerToken(accessToken)
          response.assertStatus(204)
        },
      },
    ])
    .run(async ({ client, assert, cleanup }, { end, role }) => {
      const { company, owner, provider: member } = await tenant()
      const provider = role ? await memberOf(company, role) : member
      created.users.push(provider.id)
      const watched = await watching(provider, company, cleanup)
      assert.isTrue(watched.subscription.isCreated)
      // it works before
      await NotificationFactory.merge({ userId: provider.id, companyId: company.id }).create()
      await within(
        2000,
        () => watched.messages[0],
        () => 'nothing before the end'
      )

      await end({
        client,
        user: provider,
        company,
        owner,
        accessToken: watched.accessToken,
        sessionId: watched.session.id,
      })
      const sentAt = Date.now()
      assert.isTrue(await endedWithin(watched.live.source, 3000), 'the stream is still open')
      assert.isBelow(Date.now() - sentAt, 3000)
      await assertNotDelivered(assert, provider, company, watched.messages)
    })
    .timeout(20_000)

  test('a stream of another session of the same user keeps working after a logout', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, provider } = await tenant()
    const ended = await watching(provider, company, cleanup)
    const kept = await watching(provider, company, cleanup)
    ;(await client.post('/api/v1/auth/logout').bearerToken(ended.accessToken)).assertStatus(204)
    assert.isTrue(await endedWithin(ended.live.source, 3000))

    const [row] = await NotificationFactory.merge({
      userId: provider.id,
      companyId: company.id,
    }).createMany(1)
    const message = await within(
      2000,
      () => kept.messages.find((one) => one.notification.id === row.id),
      () => 'the other session lost its stream'
    )
    assert.equal(message.notification.id, row.id)
  })
})

test.group('Security / a stream id belongs to whoever opened and bound it', (group) => {
  group.setup(async () => {
    deliveriesBefore = (await db.from('deliveries').select('id')).map((row) => row.id)
    return async () => {
      await db.from('deliveries').whereNotIn('id', deliveriesBefore).delete()
      await db.from('companies').whereIn('id', created.companies).delete()
      await db.from('users').whereIn('id', created.users).delete()
    }
  })

  test('a second stream with an open uid is refused (409) and the first still receives', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, provider } = await tenant()
    const victim = await watching(provider, company, cleanup)
    const uid = victim.live.transmit.uid

    const thief = openStream(cleanup, uid)
    await thief.source.ended
    assert.equal(thief.source.status, 409)
    const refused = await client.get(`/api/v1/__transmit/events?uid=${uid}`)
    refused.assertStatus(409)
    refused.assertBodyContains({ message: 'Já existe um stream ao vivo aberto com este uid' })

    // the victim subscribes again (as its client does on reconnect): still its own stream
    ;(
      await subscribe(client, uid, notificationChannel(provider.id, company.id), victim.accessToken)
    ).assertStatus(204)
    const [row] = await NotificationFactory.merge({
      userId: provider.id,
      companyId: company.id,
    }).createMany(1)
    await within(
      2000,
      () => victim.messages.find((one) => one.notification.id === row.id),
      () => 'the first stream lost its notification'
    )
    assert.lengthOf(thief.received, 0)
  })

  test('subscribe and unsubscribe on a stream bound to another session are refused', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, owner, provider } = await tenant()
    const victim = await watching(provider, company, cleanup)
    const uid = victim.live.transmit.uid
    const ownerToken = (await sessionTokens.openSession(owner, {})).accessToken

    // another user, on its own (allowed) channel, with the victim's uid
    const foreign = await subscribe(
      client,
      uid,
      notificationChannel(owner.id, company.id),
      ownerToken
    )
    foreign.assertStatus(403)
    foreign.assertBodyContains({ message: 'Este stream ao vivo pertence a outra sessão' })
    // the same user from another session is another owner too
    const otherSession = (await sessionTokens.openSession(provider, {})).accessToken
    ;(
      await subscribe(client, uid, notificationChannel(provider.id, company.id), otherSession)
    ).assertStatus(403)
    const leave = await client
      .post('/api/v1/__transmit/unsubscribe')
      .json({ uid, channel: notificationChannel(provider.id, company.id) })
      .bearerToken(ownerToken)
    leave.assertStatus(403)
    leave.assertBodyContains({ message: 'Este stream ao vivo pertence a outra sessão' })

    // an unknown uid: no stream to subscribe to
    const unknown = await subscribe(
      client,
      randomUUID(),
      notificationChannel(owner.id, company.id),
      ownerToken
    )
    unknown.assertStatus(404)
    unknown.assertBodyContains({ message: 'Nenhum stream ao vivo aberto com este uid' })

    // the victim's stream still has its channel and nothing of the owner
    await NotificationFactory.merge({ userId: owner.id, companyId: company.id }).create()
    const [row] = await NotificationFactory.merge({
      userId: provider.id,
      companyId: company.id,
    }).createMany(1)
    await within(
      2000,
      () => victim.messages.find((one) => one.notification.id === row.id),
      () => 'the victim lost its channel'
    )
    assert.isTrue(victim.messages.every((one) => one.notification.userId === provider.id))
  })

  test('the session that bound a stream subscribes again and unsubscribes on it', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { company, provider } = await tenant()
    const viewer = await watching(provider, company, cleanup)
    const uid = viewer.live.transmit.uid
    const channel = notificationChannel(provider.id, company.id)

    ;(await subscribe(client, uid, channel, viewer.accessToken)).assertStatus(204)
    const leave = await client
      .post('/api/v1/__transmit/unsubscribe')
      .json({ uid, channel })
      .bearerToken(viewer.accessToken)
    leave.assertStatus(204)
    await assertNotDelivered(assert, provider, company, viewer.messages)
  })

  test('once the stream is gone its uid is free again, and binds to its new first subscriber', async ({
    client,
    cleanup,
  }) => {
    const { company, provider } = await tenant()
    const first = openStream(cleanup)
    await waitUntil(
      () => first.source.status === 200,
      5000,
      () => 'not open'
    )
    const token = (await sessionTokens.openSession(provider, {})).accessToken
    const channel = notificationChannel(provider.id, company.id)
    ;(await subscribe(client, first.uid, channel, token)).assertStatus(204)
    first.source.close()
    await waitUntil(
      async () => (await db.from('live_streams').where('uid', first.uid)).length === 0,
      3000,
      () => 'the closed stream kept its row'
    )
    const again = openStream(cleanup, first.uid)
    await waitUntil(
      () => again.source.status === 200,
      5000,
      () => 'not reopened'
    )
    ;(await subscribe(client, first.uid, channel, token)).assertStatus(204)
  })

  test('a stream opened with a bearer token is bound at once; a bad token is a 401', async ({
    client,
    cleanup,
  }) => {
    const { company, owner, provider } = await tenant()
    const { accessToken } = await sessionTokens.openSession(provider, {})
    const uid = randomUUID()
    const source = new FetchEventSource(`${api()}/__transmit/events?uid=${uid}`, {
      authorization: `Bearer ${accessToken}`,
    })
    cleanup(() => source.close())
    await waitUntil(
      () => source.status === 200,
      5000,
      () => 'not open'
    )

    // nobody else can take it first, not even on a channel of their own
    const ownerToken = (await sessionTokens.openSession(owner, {})).accessToken
    ;(
      await subscribe(client, uid, notificationChannel(owner.id, company.id), ownerToken)
    ).assertStatus(403)
    ;(
      await subscribe(client, uid, notificationChannel(provider.id, company.id), accessToken)
    ).assertStatus(204)

    const bad = await client
      .get(`/api/v1/__transmit/events?uid=${randomUUID()}`)
      .header('authorization', 'Bearer not-a-jwt')
    bad.assertStatus(401)
  })
})
