import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import { UserFactory, FACTORY_PASSWORD } from '#database/factories/user_factory'
import Delivery from '#models/delivery'
import PasswordReset from '#models/password_reset'
import User from '#models/user'
import type { MailPayload } from '#models/delivery'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { smtpMailer, startSmtpServer } from '#tests/support/outbound'

const FORGOT = '/api/v1/auth/password/forgot'
const RESET = '/api/v1/auth/password/reset'

/** The worker (the forgot request is its job), sending to the group's SMTP sink */
let worker: DeliveryWorker

/** The reset links e-mailed to an address, newest last, read from the queued mail itself */
async function resetTokensSentTo(email: string) {
  await worker.runOnce()
  const mails = await Delivery.query().where('channel', 'email').orderBy('created_at')
  return mails
    .map((mail) => mail.payload as MailPayload)
    .filter((mail) => mail.to === email)
    .map((mail) => {
      const url = mail.html.match(/href="([^"]*reset-password[^"]*)"/)![1].replaceAll('&amp;', '&')
      return new URL(url).searchParams.get('token')!
    })
}

async function login(client: ApiClient, email: string, password: string) {
  return client.post('/api/v1/auth/login').json({ email, password })
}

test.group('Auth / password reset', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => restoreClock())
  group.setup(async () => {
    const sink = await startSmtpServer()
    worker = new DeliveryWorker({ mailer: smtpMailer(sink.port) })
    return () => sink.close()
  })

  test('a forgotten password: the e-mailed link sets a new one and signs every session out', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.merge({ email: 'ana@example.test' }).create()
    const session = (await login(client, user.email, FACTORY_PASSWORD)).body().data

    const forgot = await client.post(FORGOT).json({ email: '  ANA@example.test ' })
    forgot.assertStatus(202)
    assert.properties(forgot.body(), ['message'])

    const [token] = await resetTokensSentTo('ana@example.test')
    assert.isString(token)
    const stored = await PasswordReset.findByOrFail('userId', user.id)
    assert.notEqual(stored.tokenHash, token)

    const reset = await client.post(RESET).json({ token, password: 'brand-new-pass-9' })
    reset.assertStatus(204)

    ;(await login(client, user.email, FACTORY_PASSWORD)).assertStatus(401)
    ;(await login(client, user.email, 'brand-new-pass-9')).assertStatus(200)
    const refreshed = await client
      .post('/api/v1/auth/refresh')
      .json({ refreshToken: session.refreshToken })
    refreshed.assertStatus(401)
    await user.refresh()
    assert.isTrue(await hash.verify(user.password!, 'brand-new-pass-9'))
    assert.isNotNull(user.emailVerifiedAt)
  })

  test('the link works once', async ({ client }) => {
    await UserFactory.merge({ email: 'bia@example.test' }).create()
    await client.post(FORGOT).json({ email: 'bia@example.test' })
    const [token] = await resetTokensSentTo('bia@example.test')

    ;(await client.post(RESET).json({ token, password: 'first-pass-1' })).assertStatus(204)
    const again = await client.post(RESET).json({ token, password: 'second-pass-2' })
    again.assertStatus(400)
    again.assertBodyContains({ message: 'Link de redefinição inválido ou expirado' })
    ;(await login(client, 'bia@example.test', 'first-pass-1')).assertStatus(200)
  })

  test('the link expires after 60 minutes', async ({ client }) => {
    freezeClock('2026-05-01T10:00:00.000Z')
    await UserFactory.merge({ email: 'caio@example.test' }).create()
    await client.post(FORGOT).json({ email: 'caio@example.test' })
    const [token] = await resetTokensSentTo('caio@example.test')

    freezeClock('2026-05-01T11:00:01.000Z')
    const late = await client.post(RESET).json({ token, password: 'late-pass-1' })
    late.assertStatus(400)
    ;(await login(client, 'caio@example.test', FACTORY_PASSWORD)).assertStatus(200)

    freezeClock('2026-05-01T10:59:59.000Z')
    ;(await client.post(RESET).json({ token, password: 'in-time-pass-1' })).assertStatus(204)
  })

  test('an unknown address gets the same 202 and no e-mail is queued', async ({
    client,
    assert,
  }) => {
    const known = await UserFactory.merge({ email: 'dora@example.test' }).create()
    const unknown = await client.post(FORGOT).json({ email: 'nobody@example.test' })
    const existing = await client.post(FORGOT).json({ email: known.email })

    unknown.assertStatus(202)
    existing.assertStatus(202)
    assert.deepEqual(unknown.body(), existing.body())
    assert.lengthOf(await resetTokensSentTo('nobody@example.test'), 0)
    assert.lengthOf(await resetTokensSentTo('dora@example.test'), 1)
  })

  test('a new link replaces the earlier one, and at most one is sent per minute', async ({
    client,
    assert,
  }) => {
    freezeClock('2026-05-01T10:00:00.000Z')
    await UserFactory.merge({ email: 'eva@example.test' }).create()
    await client.post(FORGOT).json({ email: 'eva@example.test' })
    await client.post(FORGOT).json({ email: 'eva@example.test' })
    const sent = await resetTokensSentTo('eva@example.test')
    assert.lengthOf(sent, 1)
    const [first] = sent

    freezeClock('2026-05-01T10:02:00.000Z')
    await client.post(FORGOT).json({ email: 'eva@example.test' })
    /* Both e-mails are queued in the test's one transaction: same created_at, so no order */
    const resent = await resetTokensSentTo('eva@example.test')
    assert.lengthOf(resent, 2)
    const second = resent.find((token) => token !== first)
    ;(await client.post(RESET).json({ token: first, password: 'old-link-pass-1' })).assertStatus(
      400
    )
    ;(await client.post(RESET).json({ token: second, password: 'new-link-pass-1' })).assertStatus(
      204
    )
  })

  test('bad input: 422 naming the field, and nothing changes', async ({ client, assert }) => {
    const user = await UserFactory.merge({ email: 'fabio@example.test' }).create()
    await client.post(FORGOT).json({ email: user.email })
    const [token] = await resetTokensSentTo(user.email)

    for (const [body, field] of [
      [{}, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 42 }, 'email'],
    ] as const) {
      const response = await client.post(FORGOT).json(body)
      response.assertStatus(422)
      assert.include(
        response.body().errors.map((error: { field: string }) => error.field),
        field
      )
    }
    for (const [body, field] of [
      [{ token }, 'password'],
      [{ token, password: 'short1' }, 'password'],
      [{ token, password: 'a1'.repeat(65) }, 'password'],
      [{ password: 'long-enough-1' }, 'token'],
      [{ token: 'short', password: 'long-enough-1' }, 'token'],
    ] as const) {
      const response = await client.post(RESET).json(body)
      response.assertStatus(422)
      assert.include(
        response.body().errors.map((error: { field: string }) => error.field),
        field
      )
    }
    const unknown = await client
      .post(RESET)
      .json({ token: 'x'.repeat(43), password: 'long-enough-1' })
    unknown.assertStatus(400)

    const reset = await PasswordReset.findByOrFail('userId', user.id)
    assert.isNull(reset.usedAt)
    const unchanged = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(unchanged.password!, FACTORY_PASSWORD))
  })

  test('forgot is limited per client IP: the 11th request within the hour gets 429', async ({
    client,
  }) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      ;(await client.post(FORGOT).json({ email: `nobody${attempt}@example.test` })).assertStatus(
        202
      )
    }
    const limited = await client.post(FORGOT).json({ email: 'nobody@example.test' })
    limited.assertStatus(429)
    if (!limited.header('retry-after')) throw new Error('429 without Retry-After')
  })
})
