import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import { SignJWT, decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose'
import jwtConfig from '#config/jwt'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import AuthSession from '#models/auth_session'
import RefreshToken from '#models/refresh_token'
import type User from '#models/user'
import sessionTokens from '#services/auth/session_token_service'
import jwtService from '#services/auth/jwt_service'
import { JwtGuard } from '#auth/jwt_guard'
import type { ApiClient } from '@japa/api-client'

/**
 * The JWT guard and the sessions behind it. An access token is
 * only as good as its session: an ended (expired), revoked or foreign
 * session refuses a token that is still inside its own `exp`; only an
 * `access` token signed HS256 by our key with our issuer passes.
 */
const PROTECTED = '/api/v1/company'

const openSession = (user: User, expiresAt = DateTime.now().plus({ days: 1 })) =>
  AuthSession.create({ userId: user.id, expiresAt })

interface Claims {
  sub?: unknown
  sid?: unknown
  aud?: string
  iss?: string
  alg?: string
  iat?: boolean
  exp?: number | null
  secret?: string
}

/** A token with our key and claims unless told otherwise */
function token(claims: Claims) {
  const now = Math.floor(Date.now() / 1000)
  const { sub, sid, aud = 'access', iss = jwtConfig.issuer, alg = 'HS256' } = claims
  const jwt = new SignJWT({ sub, sid } as JWTPayload)
    .setProtectedHeader({ alg })
    .setIssuer(iss)
    .setAudience(aud)
  if (claims.iat !== false) jwt.setIssuedAt()
  if (claims.exp !== null) jwt.setExpirationTime(claims.exp ?? now + 600)
  return jwt.sign(new TextEncoder().encode(claims.secret ?? jwtConfig.secret))
}

const get = (client: ApiClient, bearer: string) => client.get(PROTECTED).bearerToken(bearer)

test.group('Auth / the JWT guard: sessions behind the token', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a session that has ended refuses its access token, still inside its exp', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const ended = await openSession(user, DateTime.now().minus({ seconds: 5 }))
    const live = await openSession(user, DateTime.now().plus({ seconds: 30 }))

    const fromEnded = await token({ sub: user.id, sid: ended.id })
    const fromLive = await token({ sub: user.id, sid: live.id })
    ;(await get(client, fromEnded)).assertStatus(401)
    ;(await get(client, fromLive)).assertStatus(200)
  })

  test('a session that ends while the token lives: the next request is refused', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    const { accessToken } = login.body().data
    ;(await get(client, accessToken)).assertStatus(200)

    await AuthSession.query()
      .where('user_id', user.id)
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toSQL() })
    const response = await get(client, accessToken)
    response.assertStatus(401)
    response.assertBodyContains({ message: 'Não autenticado' })
  })

  test('a revoked session refuses its token; the other sessions of the user keep working', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const revoked = await AuthSession.create({
      userId: user.id,
      expiresAt: DateTime.now().plus({ days: 1 }),
      revokedAt: DateTime.now().minus({ seconds: 1 }),
    })
    const other = await openSession(user)
    ;(await get(client, await token({ sub: user.id, sid: revoked.id }))).assertStatus(401)
    ;(await get(client, await token({ sub: user.id, sid: other.id }))).assertStatus(200)
  })

  test("a token naming another user's session is refused (sub and sid must match)", async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const stranger = await UserFactory.create()
    const strangers = await openSession(stranger)
    ;(await get(client, await token({ sub: user.id, sid: strangers.id }))).assertStatus(401)
    ;(await get(client, await token({ sub: stranger.id, sid: strangers.id }))).assertStatus(200)
  })

  test('a token of an unknown session is refused', async ({ client }) => {
    const user = await UserFactory.create()
    const sid = '00000000-0000-4000-8000-000000000000'
    ;(await get(client, await token({ sub: user.id, sid }))).assertStatus(401)
  })

  test('sub and sid must be strings: {label}')
    .with([
      { label: 'no sid', claims: { sid: undefined } },
      { label: 'no sub', claims: { sub: undefined } },
      { label: 'numeric sid', claims: { sid: 42 } },
      { label: 'numeric sub', claims: { sub: 42 } },
      { label: 'object sid', claims: { sid: { id: 'x' } } },
    ])
    .run(async ({ client }, { claims }) => {
      const user = await UserFactory.create()
      const session = await openSession(user)
      const response = await get(client, await token({ sub: user.id, sid: session.id, ...claims }))
      response.assertStatus(401)
      response.assertBodyContains({ message: 'Não autenticado' })
    })
})

test.group('Auth / the JWT guard: token type, algorithm and claims', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an onboarding token is never an access token', async ({ client }) => {
    const user = await UserFactory.create()
    const session = await openSession(user)
    const onboarding = await token({ sub: user.id, sid: session.id, aud: 'onboarding' })
    ;(await get(client, onboarding)).assertStatus(401)
    ;(await get(client, await token({ sub: user.id, sid: session.id }))).assertStatus(200)
  })

  test('a refresh token is never an access token', async ({ client }) => {
    const user = await UserFactory.create()
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    const { refreshToken } = login.body().data
    ;(await get(client, refreshToken)).assertStatus(401)
  })

  test('the algorithm is pinned to HS256: {alg} with our own key is refused')
    .with([{ alg: 'HS384' }, { alg: 'HS512' }])
    .run(async ({ client }, { alg }) => {
      const user = await UserFactory.create()
      const session = await openSession(user)
      ;(await get(client, await token({ sub: user.id, sid: session.id, alg }))).assertStatus(401)
    })

  test('another issuer, no iat or no exp is refused: {label}')
    .with([
      { label: 'another issuer', claims: { iss: 'someone-else' } },
      { label: 'no iat', claims: { iat: false } },
      { label: 'no exp', claims: { exp: null } },
      { label: 'exp a second ago', claims: { exp: Math.floor(Date.now() / 1000) - 1 } },
    ])
    .run(async ({ client }, { claims }) => {
      const user = await UserFactory.create()
      const session = await openSession(user)
      ;(await get(client, await token({ sub: user.id, sid: session.id, ...claims }))).assertStatus(
        401
      )
    })

  test('the Authorization scheme: "bearer" in any case passes, anything else is 401', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const session = await openSession(user)
    const valid = await token({ sub: user.id, sid: session.id })

    for (const header of [`bearer ${valid}`, `BEARER ${valid}`]) {
      ;(await client.get(PROTECTED).header('authorization', header)).assertStatus(200)
    }
    for (const header of [`Basic ${valid}`, 'Bearer', 'Bearer ', valid, `Token ${valid}`]) {
      const response = await client.get(PROTECTED).header('authorization', header)
      response.assertStatus(401)
    }
  })

  test('no Authorization header at all is 401', async ({ client }) => {
    const response = await client.get(PROTECTED)
    response.assertStatus(401)
    response.assertBodyContains({ message: 'Não autenticado' })
  })

  test("Japa's loginAs opens a real session and sends its token", async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client.get('/api/v1/users/me').loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().data.user.id, user.id)
    assert.lengthOf(await AuthSession.query().where('user_id', user.id), 1)
  })

  test('the guard loads the user of the session', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const session = await openSession(user)
    const valid = await token({ sub: user.id, sid: session.id })
    const me = await client.get('/api/v1/users/me').bearerToken(valid)
    me.assertStatus(200)
    assert.equal(me.body().data.user.id, user.id)
  })
})

test.group('Auth / sessions: what login and refresh issue', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('login: an HS256 access token of ACCESS_TOKEN_TTL_SECONDS bound to a 30-day session', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const before = Math.floor(Date.now() / 1000)
    const response = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.tokenType, 'Bearer')
    assert.equal(data.expiresIn, jwtConfig.accessTokenTtlSeconds)

    const header = decodeProtectedHeader(data.accessToken)
    assert.deepEqual(header, { alg: 'HS256', typ: 'JWT' })
    const claims = decodeJwt(data.accessToken)
    const session = await AuthSession.query().where('user_id', user.id).firstOrFail()
    assert.equal(claims.sub, user.id)
    assert.equal(claims.sid, session.id)
    assert.equal(claims.iss, jwtConfig.issuer)
    assert.equal(claims.aud, 'access')
    assert.equal(claims.exp! - claims.iat!, jwtConfig.accessTokenTtlSeconds)
    assert.approximately(claims.iat!, before, 5)

    /** The session and its refresh token end together, REFRESH_TOKEN_TTL_DAYS from now */
    const expected = DateTime.now().plus({ days: jwtConfig.refreshTokenTtlDays })
    assert.approximately(session.expiresAt.toMillis(), expected.toMillis(), 10_000)
    assert.approximately(session.lastUsedAt!.toMillis(), Date.now(), 10_000)
    assert.isNull(session.revokedAt)
    const refresh = await RefreshToken.query().where('session_id', session.id).firstOrFail()
    assert.equal(refresh.expiresAt.toMillis(), session.expiresAt.toMillis())
    assert.notEqual(refresh.tokenHash, data.refreshToken)
    assert.isNull(refresh.usedAt)
  })

  test('refresh issues a pair bound to the same session', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    const refreshed = await client
      .post('/api/v1/auth/refresh')
      .json({ refreshToken: login.body().data.refreshToken })
    refreshed.assertStatus(200)
    const data = refreshed.body().data
    assert.equal(data.expiresIn, jwtConfig.accessTokenTtlSeconds)
    assert.equal(data.tokenType, 'Bearer')
    assert.equal(decodeJwt(data.accessToken).sid, decodeJwt(login.body().data.accessToken).sid)
    assert.lengthOf(await AuthSession.query().where('user_id', user.id), 1)
  })

  test('openSession keeps the device, cut to the column sizes', async ({ assert }) => {
    const user = await UserFactory.create()
    const { session } = await sessionTokens.openSession(user, {
      browser: 'b'.repeat(150),
      os: 'o'.repeat(150),
      ip: '10.1.2.3',
      userAgent: 'u'.repeat(600),
    })
    const stored = await AuthSession.findOrFail(session.id)
    assert.equal(stored.browser, 'b'.repeat(100))
    assert.equal(stored.os, 'o'.repeat(100))
    assert.equal(stored.userAgent, 'u'.repeat(500))
    assert.equal(stored.ip, '10.1.2.3')

    const { session: bare } = await sessionTokens.openSession(user, {})
    const storedBare = await AuthSession.findOrFail(bare.id)
    assert.deepEqual(
      [storedBare.browser, storedBare.os, storedBare.ip, storedBare.userAgent],
      [null, null, null, null]
    )
  })

  test('reusing the refresh token of an already revoked session keeps its revocation time', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const revokedAt = DateTime.now().minus({ hours: 1 }).startOf('second')
    const session = await AuthSession.create({
      userId: user.id,
      expiresAt: DateTime.now().plus({ days: 1 }),
      revokedAt,
    })
    const { refreshToken } = await sessionTokens.issuePair(session)
    const response = await client.post('/api/v1/auth/refresh').json({ refreshToken })
    response.assertStatus(401)
    await session.refresh()
    assert.equal(session.revokedAt!.toMillis(), revokedAt.toMillis())
  })

  test('an unused refresh token of an ended session is refused and revokes nothing', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const session = await openSession(user, DateTime.now().minus({ minutes: 1 }))
    const { refreshToken } = await sessionTokens.issuePair(session)
    const response = await client.post('/api/v1/auth/refresh').json({ refreshToken })
    response.assertStatus(401)
    response.assertBodyContains({ message: 'Refresh token inválido ou expirado' })
    await session.refresh()
    assert.isNull(session.revokedAt)
  })
})

test.group('Auth / signing out everywhere', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a password change revokes the other live sessions only, and nothing of anyone else', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const stranger = await UserFactory.create()
    const current = await openSession(user)
    const other = await openSession(user)
    const earlier = DateTime.now().minus({ days: 2 }).startOf('second')
    const alreadyRevoked = await AuthSession.create({
      userId: user.id,
      expiresAt: DateTime.now().plus({ days: 1 }),
      revokedAt: earlier,
    })
    const strangers = await openSession(stranger)

    const response = await client
      .put('/api/v1/users/me/password')
      .json({ currentPassword: FACTORY_PASSWORD, newPassword: 'brand-new-pass-42' })
      .bearerToken(await token({ sub: user.id, sid: current.id }))
    response.assertStatus(204)

    for (const session of [current, other, alreadyRevoked, strangers]) await session.refresh()
    assert.isNull(current.revokedAt)
    assert.isNotNull(other.revokedAt)
    assert.equal(alreadyRevoked.revokedAt!.toMillis(), earlier.toMillis())
    assert.isNull(strangers.revokedAt)
    ;(await get(client, await token({ sub: user.id, sid: current.id }))).assertStatus(200)
    ;(await get(client, await token({ sub: user.id, sid: other.id }))).assertStatus(401)
    ;(await get(client, await token({ sub: stranger.id, sid: strangers.id }))).assertStatus(200)
  })

  test('logout ends only the session of the request', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const first = await openSession(user)
    const second = await openSession(user)
    const response = await client
      .post('/api/v1/auth/logout')
      .bearerToken(await token({ sub: user.id, sid: first.id }))
    response.assertStatus(204)
    await first.refresh()
    await second.refresh()
    assert.isNotNull(first.revokedAt)
    assert.isNull(second.revokedAt)
    ;(await get(client, await token({ sub: user.id, sid: second.id }))).assertStatus(200)
  })
})

/**
 * `check()`, which GuardContract asks for and the routes do not use today
 * (they authenticate or fail): a guard that can answer "not signed in"
 * must not swallow other failures.
 */
test.group('Auth / the JWT guard: check()', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const guardWith = async (authorization?: string) => {
    const ctx = await testUtils.createHttpContext()
    if (authorization) ctx.request.request.headers.authorization = authorization
    return new JwtGuard(ctx)
  }

  test('true for a live session, false without a usable token', async ({ assert }) => {
    const user = await UserFactory.create()
    const { accessToken } = await sessionTokens.openSession(user, {})
    const guard = await guardWith(`Bearer ${accessToken}`)
    assert.isTrue(await guard.check())
    assert.equal(guard.getUserOrFail().id, user.id)
    assert.isFalse(await (await guardWith()).check())
    assert.isFalse(await (await guardWith('Bearer not-a-jwt')).check())
  })

  test('the guard state: attempted, authenticated, and one lookup per request', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const { accessToken, session } = await sessionTokens.openSession(user, {})
    const guard = await guardWith(`Bearer ${accessToken}`)
    assert.isFalse(guard.authenticationAttempted)
    assert.isFalse(guard.isAuthenticated)
    await guard.authenticate()
    assert.isTrue(guard.authenticationAttempted)
    assert.isTrue(guard.isAuthenticated)
    /** Revoked after the request was authenticated: the request keeps its answer */
    await sessionTokens.revoke(session)
    assert.equal((await guard.authenticate()).id, user.id)

    const anonymous = await guardWith()
    await assert.rejects(() => anonymous.authenticate(), 'Unauthorized access')
    assert.isTrue(anonymous.authenticationAttempted)
    assert.isFalse(anonymous.isAuthenticated)
  })

  test('an error that is not "unauthorized" is thrown, not turned into false', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    /** A well-signed token whose session id is not a UUID: PostgreSQL refuses the lookup */
    const forged = await jwtService.sign(
      { sub: user.id, sid: 'not-a-uuid' },
      'access',
      new Date(Date.now() + 60_000)
    )
    const guard = await guardWith(`Bearer ${forged}`)
    await assert.rejects(() => guard.check(), /uuid/)
  })
})
