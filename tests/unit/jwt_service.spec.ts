import { test } from '@japa/runner'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import jwtConfig from '#config/jwt'
import jwtService from '#services/auth/jwt_service'

/** What JwtService signs and what it lets through */
test.group('JwtService', () => {
  const expiresAt = new Date(Date.now() + 3_600_500)

  test('signs HS256 with our issuer, the audience, exp and the given iat (whole seconds)', async ({
    assert,
  }) => {
    const issuedAt = new Date(Date.now() - 60_700)
    const signed = await jwtService.sign({ sub: 'someone' }, 'onboarding', expiresAt, issuedAt)
    assert.deepEqual(decodeProtectedHeader(signed), { alg: 'HS256', typ: 'JWT' })
    const claims = decodeJwt(signed)
    assert.equal(claims.iss, jwtConfig.issuer)
    assert.equal(claims.aud, 'onboarding')
    assert.equal(claims.iat, Math.floor(issuedAt.getTime() / 1000))
    assert.equal(claims.exp, Math.floor(expiresAt.getTime() / 1000))

    /** Deterministic: the same inputs give the same token (links are re-sent unchanged) */
    assert.equal(
      await jwtService.sign({ sub: 'someone' }, 'onboarding', expiresAt, issuedAt),
      signed
    )
  })

  test('without an issue date the token is issued now', async ({ assert }) => {
    const claims = decodeJwt(await jwtService.sign({ sub: 'someone' }, 'access', expiresAt))
    assert.approximately(claims.iat!, Math.floor(Date.now() / 1000), 5)
  })

  test('verify returns the payload for its audience only', async ({ assert }) => {
    const signed = await jwtService.sign({ sub: 'someone', sid: 'x' }, 'access', expiresAt)
    const payload = await jwtService.verify(signed, 'access')
    assert.equal(payload?.sub, 'someone')
    assert.equal(payload?.sid, 'x')
    assert.isNull(await jwtService.verify(signed, 'onboarding'))
    assert.isNull(await jwtService.verify('not.a.token', 'access'))
  })

  test('an expired token is null', async ({ assert }) => {
    const signed = await jwtService.sign(
      { sub: 'someone' },
      'access',
      new Date(Date.now() - 2000),
      new Date(Date.now() - 10_000)
    )
    assert.isNull(await jwtService.verify(signed, 'access'))
  })
})
