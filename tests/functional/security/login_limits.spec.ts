import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import { RequestFactory } from '@adonisjs/core/factories/http'
import { UserFactory, FACTORY_PASSWORD } from '#database/factories/user_factory'
import AuthSession from '#models/auth_session'
import User from '#models/user'
import { proxyTrust, trustedProxiesRule } from '#support/http_trust'
import { sentFrom } from '#tests/support/client_ip'

const LOGIN = '/api/v1/auth/login'
const REGISTER = '/api/v1/auth/register'
const PASSWORD = '/api/v1/users/me/password'

/** Defaults of LOGIN_MAX_FAILURES_PER_IP and REGISTER_RATE_LIMIT (unset in .env.test) */
const IP_FAILURES = 30
const REGISTRATIONS = 10

/** An Adonis request from `socketAddress` carrying `forwardedFor`, under TRUSTED_PROXIES */
function requestFrom(socketAddress: string, forwardedFor: string, trustedProxies: string) {
  const socket = new Socket()
  Object.defineProperty(socket, 'remoteAddress', { value: socketAddress })
  const req = new IncomingMessage(socket)
  req.headers['x-forwarded-for'] = forwardedFor
  const trust = proxyTrust(trustedProxiesRule('TRUSTED_PROXIES', trustedProxies))
  return new RequestFactory().merge({ req, config: { trustProxy: trust } }).create()
}

test.group('Security / login limits and the client IP', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a new X-Forwarded-For per try does not reset the account limit: the right password then gets 429', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await client
        .post(LOGIN)
        .header('x-forwarded-for', `198.51.100.${attempt + 1}`)
        .json({ email: user.email, password: 'wrong-pass-1' })
      assert.oneOf(response.status(), [401, 429])
    }

    const right = await client
      .post(LOGIN)
      .header('x-forwarded-for', '198.51.100.200')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    right.assertStatus(429)
    assert.isAbove(Number(right.header('retry-after')), 0)
    assert.lengthOf(await AuthSession.query().where('user_id', user.id), 0)
  })

  test('the account stays locked from another client IP too', async ({ client }) => {
    const user = await UserFactory.create()
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .post(LOGIN)
        .json({ email: user.email, password: 'wrong-pass-1' })
      response.assertStatus(401)
    }
    const elsewhere = await sentFrom(
      client.post(LOGIN).json({ email: user.email, password: FACTORY_PASSWORD }),
      '127.0.0.2'
    )
    elsewhere.assertStatus(429)
  })

  test('failures across many e-mails from one IP block that IP, not the others', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    for (let attempt = 0; attempt < IP_FAILURES; attempt++) {
      const response = await client
        .post(LOGIN)
        .json({ email: `nobody-${attempt}@example.test`, password: 'wrong-pass-1' })
      response.assertStatus(401)
    }

    const next = await client.post(LOGIN).json({ email: user.email, password: FACTORY_PASSWORD })
    next.assertStatus(429)
    assert.properties(next.body(), ['message'])
    assert.isAbove(Number(next.header('retry-after')), 0)

    const otherIp = await sentFrom(
      client.post(LOGIN).json({ email: user.email, password: FACTORY_PASSWORD }),
      '127.0.0.2'
    )
    otherIp.assertStatus(200)
    /** 30 password hashes in a row: seconds on a quiet machine, far more on a loaded one */
  }).timeout(120_000)

  test('a session opened with a forged X-Forwarded-For records the socket IP', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client
      .post(LOGIN)
      .header('x-forwarded-for', '203.0.113.66')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    response.assertStatus(200)

    const session = await AuthSession.query().where('user_id', user.id).firstOrFail()
    assert.equal(session.ip, '127.0.0.1')
  })

  test('X-Forwarded-For is believed only from TRUSTED_PROXIES, up to the first untrusted hop', ({
    assert,
  }) => {
    assert.equal(requestFrom('127.0.0.1', '203.0.113.66', '').ip(), '127.0.0.1')
    assert.equal(requestFrom('127.0.0.1', '203.0.113.66', '127.0.0.1').ip(), '203.0.113.66')
    assert.equal(requestFrom('198.51.100.9', '203.0.113.66', '127.0.0.1').ip(), '198.51.100.9')
    // a client-written hop in front of the proxy's own entry is not believed
    assert.equal(
      requestFrom('10.0.0.2', '6.6.6.6, 203.0.113.66, 10.0.0.7', '10.0.0.0/8').ip(),
      '203.0.113.66'
    )
    assert.equal(requestFrom('::ffff:10.0.0.2', '2001:db8::1', '10.0.0.0/8').ip(), '2001:db8::1')
    assert.equal(requestFrom('::1', '203.0.113.66', '::1, 10.0.0.0/8').ip(), '203.0.113.66')
  })

  test('TRUSTED_PROXIES refuses what is not an IP or CIDR range', ({ assert }) => {
    assert.deepEqual(trustedProxiesRule('TRUSTED_PROXIES', ' 10.0.0.0/8 , ::1 '), [
      '10.0.0.0/8',
      '::1',
    ])
    assert.deepEqual(trustedProxiesRule('TRUSTED_PROXIES', undefined), [])
    for (const value of ['*', 'true', 'loadbalancer.local', '10.0.0.0/33', '10.0.0.1/8/1']) {
      assert.throws(() => trustedProxiesRule('TRUSTED_PROXIES', value), /TRUSTED_PROXIES/)
    }
  })
})

test.group('Security / registration and password change throttles', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /auth/register is throttled per IP, refused attempts included', async ({
    client,
    assert,
  }) => {
    const existing = await UserFactory.create()
    // the enumeration probe: "is this e-mail registered?" answered by a 422
    for (let attempt = 0; attempt < REGISTRATIONS; attempt++) {
      const response = await client
        .post(REGISTER)
        .json({ name: 'Probe', email: existing.email, password: 'a-strong-pass' })
      response.assertStatus(422)
    }

    const next = await client
      .post(REGISTER)
      .json({ name: 'New Person', email: 'new-person@example.test', password: 'a-strong-pass' })
    next.assertStatus(429)
    assert.isAbove(Number(next.header('retry-after')), 0)
    assert.isNull(await User.findBy('email', 'new-person@example.test'))

    const otherIp = await sentFrom(
      client
        .post(REGISTER)
        .json({ name: 'New Person', email: 'new-person@example.test', password: 'a-strong-pass' }),
      '127.0.0.2'
    )
    otherIp.assertStatus(201)
  })

  test('wrong current passwords on PUT /users/me/password are throttled per user', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .put(PASSWORD)
        .json({ currentPassword: `guess-${attempt}-x`, newPassword: 'brand-new-pass-42' })
        .loginAs(user)
      response.assertStatus(422)
    }

    const right = await client
      .put(PASSWORD)
      .json({ currentPassword: FACTORY_PASSWORD, newPassword: 'brand-new-pass-42' })
      .loginAs(user)
    right.assertStatus(429)
    assert.isAbove(Number(right.header('retry-after')), 0)
    const stored = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(stored.password!, FACTORY_PASSWORD))

    const otherUser = await UserFactory.create()
    const unaffected = await client
      .put(PASSWORD)
      .json({ currentPassword: FACTORY_PASSWORD, newPassword: 'brand-new-pass-42' })
      .loginAs(otherUser)
    unaffected.assertStatus(204)
  })
  test('a successful login clears the account failures; a wrong password says why', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const fail = async () => {
      const response = await client
        .post(LOGIN)
        .json({ email: user.email, password: 'wrong-pass-1' })
      response.assertStatus(401)
      response.assertBodyContains({
        message: 'Credenciais inválidas',
        code: 'E_INVALID_CREDENTIALS',
      })
    }
    for (let attempt = 0; attempt < 4; attempt++) await fail()
    ;(
      await client.post(LOGIN).json({ email: user.email, password: FACTORY_PASSWORD })
    ).assertStatus(200)
    /** Counted from zero again: four more failures are answered, not blocked */
    for (let attempt = 0; attempt < 4; attempt++) await fail()
    ;(
      await client.post(LOGIN).json({ email: user.email, password: FACTORY_PASSWORD })
    ).assertStatus(200)
  })

  test('a successful password change clears the wrong-password count', async ({ client }) => {
    const user = await UserFactory.create()
    const change = (currentPassword: string, newPassword: string) =>
      client.put(PASSWORD).json({ currentPassword, newPassword }).loginAs(user)
    for (let attempt = 0; attempt < 4; attempt++) {
      ;(await change(`guess-${attempt}-x`, 'brand-new-pass-42')).assertStatus(422)
    }
    ;(await change(FACTORY_PASSWORD, 'brand-new-pass-42')).assertStatus(204)
    for (let attempt = 0; attempt < 4; attempt++) {
      ;(await change(`guess-${attempt}-y`, 'other-new-pass-43')).assertStatus(422)
    }
    ;(await change('brand-new-pass-42', 'other-new-pass-43')).assertStatus(204)
  })
})
