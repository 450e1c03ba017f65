import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import UserIdentity from '#models/user_identity'
import OAuthIdTokenVerifier from '#services/auth/oauth_id_token_verifier'
import { UserFactory } from '#database/factories/user_factory'

const CONNECT = '/api/v1/users/me/connect-provider'
const ISSUER = 'https://accounts.google.test'
const CLIENT_ID = 'test-client-id'

let server: Server
let jwksUrl: string
let signingKey: CryptoKey
let strangerKey: CryptoKey

/** A local JWKS endpoint: the tests never reach the internet */
async function startJwksServer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  signingKey = privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`
}

function idToken(
  claims: Record<string, unknown> = {},
  options: { key?: CryptoKey; issuer?: string; audience?: string; expires?: string } = {}
) {
  return new SignJWT({ email: 'Person@Gmail.test', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(String(claims.sub ?? 'google-subject-1'))
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.expires ?? '5m')
    .sign(options.key ?? signingKey)
}

test.group('Profile / POST /users/me/connect-provider', (group) => {
  group.setup(async () => {
    await startJwksServer()
    return () => new Promise<void>((resolve) => server.close(() => resolve()))
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    app.container.swap(
      OAuthIdTokenVerifier,
      () =>
        new OAuthIdTokenVerifier({
          google: { jwksUrl, issuer: ISSUER, clientId: CLIENT_ID },
          apple: { jwksUrl, issuer: ISSUER, clientId: undefined },
          microsoft: { jwksUrl: 'http://127.0.0.1:1/keys', issuer: ISSUER, clientId: CLIENT_ID },
        })
    )
    return () => app.container.restore(OAuthIdTokenVerifier)
  })

  test('links a verified identity (201), again is 200, another user is 409', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const token = await idToken()
    const first = await client
      .post(CONNECT)
      .json({ provider: 'google', idToken: token })
      .loginAs(user)
    first.assertStatus(201)
    first.assertBodyContains({ data: { provider: 'google', email: 'person@gmail.test' } })

    const again = await client
      .post(CONNECT)
      .json({ provider: 'google', idToken: token })
      .loginAs(user)
    again.assertStatus(200)

    const other = await UserFactory.create()
    const conflict = await client
      .post(CONNECT)
      .json({ provider: 'google', idToken: token })
      .loginAs(other)
    conflict.assertStatus(409)

    const identities = await UserIdentity.query().where('subject', 'google-subject-1')
    assert.lengthOf(identities, 1)
    assert.equal(identities[0].userId, user.id)
  })

  test('an invalid ID token gets 422 and links nothing: {label}')
    .with([
      { label: 'wrong audience', make: () => idToken({}, { audience: 'someone-else' }) },
      { label: 'wrong issuer', make: () => idToken({}, { issuer: 'https://evil.test' }) },
      { label: 'expired', make: () => idToken({}, { expires: '-1m' }) },
      { label: 'unknown key', make: () => idToken({}, { key: strangerKey }) },
      {
        label: 'HS256',
        make: () =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject('x')
            .setIssuer(ISSUER)
            .setAudience(CLIENT_ID)
            .setExpirationTime('5m')
            .sign(new TextEncoder().encode('a-shared-secret-of-32-characters!')),
      },
      { label: 'garbage', make: async () => 'not.a.jwt-at-all' },
    ])
    .run(async ({ client, assert }, { make }) => {
      const user = await UserFactory.create()
      const response = await client
        .post(CONNECT)
        .json({ provider: 'google', idToken: await make() })
        .loginAs(user)
      response.assertStatus(422)
      assert.lengthOf(await UserIdentity.query().where('user_id', user.id), 0)
    })

  test('a provider not configured or unreachable gets 503', async ({ client }) => {
    const user = await UserFactory.create()
    const token = await idToken()
    for (const provider of ['apple', 'microsoft']) {
      const response = await client.post(CONNECT).json({ provider, idToken: token }).loginAs(user)
      response.assertStatus(503)
    }
  })

  test('an unknown provider gets 422; no token gets 401', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .post(CONNECT)
      .json({ provider: 'myspace', idToken: await idToken() })
      .loginAs(user)
    response.assertStatus(422)
    ;(await client.post(CONNECT).json({})).assertStatus(401)
  })
})
