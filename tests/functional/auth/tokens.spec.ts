import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { SignJWT } from 'jose'
import jwtConfig from '#config/jwt'
import { UserFactory, FACTORY_PASSWORD } from '#database/factories/user_factory'
import AuthSession from '#models/auth_session'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'

async function login(client: ApiClient, user: User) {
  const response = await client
    .post('/api/v1/auth/login')
    .json({ email: user.email, password: FACTORY_PASSWORD })
  response.assertStatus(200)
  return response.body().data as { accessToken: string; refreshToken: string }
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

test.group('Auth / tokens, refresh and logout', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an access token opens protected routes', async ({ client }) => {
    const user = await UserFactory.create()
    const { accessToken } = await login(client, user)
    const response = await client.get('/api/v1/company').bearerToken(accessToken)
    response.assertStatus(200)
    response.assertBody({ data: [] })
  })

  test('no token, a random string and a forged signature get 401', async ({ client }) => {
    const user = await UserFactory.create()
    const { accessToken } = await login(client, user)
    const [header, payload] = accessToken.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`

    for (const token of [null, 'random-string', forged]) {
      const request = client.get('/api/v1/company')
      if (token) request.bearerToken(token)
      const response = await request
      response.assertStatus(401)
      response.assertBodyContains({ message: 'Não autenticado' })
    }
  })

  test('a token with alg none is refused', async ({ client }) => {
    const user = await UserFactory.create()
    const session = await AuthSession.create({
      userId: user.id,
      expiresAt: (await import('luxon')).DateTime.now().plus({ days: 1 }),
    })
    const now = Math.floor(Date.now() / 1000)
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      sub: user.id,
      sid: session.id,
      iss: jwtConfig.issuer,
      aud: 'access',
      iat: now,
      exp: now + 600,
    })}.`
    const response = await client.get('/api/v1/company').bearerToken(unsigned)
    response.assertStatus(401)
  })

  test('an expired token and a token signed with another key are refused', async ({ client }) => {
    const user = await UserFactory.create()
    const session = await AuthSession.create({
      userId: user.id,
      expiresAt: (await import('luxon')).DateTime.now().plus({ days: 1 }),
    })
    const sign = (secret: string, exp: number) =>
      new SignJWT({ sub: user.id, sid: session.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(jwtConfig.issuer)
        .setAudience('access')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret))

    const now = Math.floor(Date.now() / 1000)
    const expired = await sign(jwtConfig.secret, now - 10)
    const otherKey = await sign('another-secret-another-secret-12', now + 600)
    const valid = await sign(jwtConfig.secret, now + 600)

    ;(await client.get('/api/v1/company').bearerToken(expired)).assertStatus(401)
    ;(await client.get('/api/v1/company').bearerToken(otherKey)).assertStatus(401)
    ;(await client.get('/api/v1/company').bearerToken(valid)).assertStatus(200)
  })

  test('refresh rotates the pair and the old refresh token stops working', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const first = await login(client, user)

    const refreshed = await client
      .post('/api/v1/auth/refresh')
      .json({ refreshToken: first.refreshToken })
    refreshed.assertStatus(200)
    const second = refreshed.body().data
    assert.notEqual(second.refreshToken, first.refreshToken)
    ;(await client.get('/api/v1/company').bearerToken(second.accessToken)).assertStatus(200)
  })

  test('reusing a refresh token revokes the whole session', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const first = await login(client, user)
    const refreshed = await client
      .post('/api/v1/auth/refresh')
      .json({ refreshToken: first.refreshToken })
    const second = refreshed.body().data

    const reuse = await client
      .post('/api/v1/auth/refresh')
      .json({ refreshToken: first.refreshToken })
    reuse.assertStatus(401)

    const session = await AuthSession.query().where('user_id', user.id).firstOrFail()
    assert.isNotNull(session.revokedAt)
    ;(await client.get('/api/v1/company').bearerToken(second.accessToken)).assertStatus(401)
    const afterTheft = await client
      .post('/api/v1/auth/refresh')
      .json({ refreshToken: second.refreshToken })
    afterTheft.assertStatus(401)
  })

  test('refresh refuses unknown and malformed tokens', async ({ client }) => {
    ;(
      await client.post('/api/v1/auth/refresh').json({ refreshToken: 'x'.repeat(43) })
    ).assertStatus(401)
    ;(await client.post('/api/v1/auth/refresh').json({})).assertStatus(422)
    ;(await client.post('/api/v1/auth/refresh').json({ refreshToken: 42 })).assertStatus(422)
  })

  test('logout revokes the session: access and refresh tokens stop working', async ({ client }) => {
    const user = await UserFactory.create()
    const { accessToken, refreshToken } = await login(client, user)

    const response = await client.post('/api/v1/auth/logout').bearerToken(accessToken)
    response.assertStatus(204)
    ;(await client.get('/api/v1/company').bearerToken(accessToken)).assertStatus(401)
    ;(await client.post('/api/v1/auth/refresh').json({ refreshToken })).assertStatus(401)
  })

  test('logout without a token is 401', async ({ client }) => {
    ;(await client.post('/api/v1/auth/logout')).assertStatus(401)
  })
})
