import { test } from '@japa/runner'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import jwtConfig from '#config/jwt'
import jwtService from '#services/auth/jwt_service'
import { freezeClock, restoreClock } from '#tests/support/clock'

/** What JwtService signs and what it lets through */
test.group('JwtService', (group) => {
  group.each.teardown(() => restoreClock())
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

  test('a token verified before is checked again for its expiry and its start', async ({
    assert,
  }) => {
    const start = Date.parse('2026-03-01T12:00:00Z')
    const at = (ms: number) => freezeClock(new Date(ms).toISOString())
    const signed = await jwtService.sign(
      { sub: 'someone', nbf: Math.floor((start + 60_000) / 1000) },
      'access',
      new Date(start + 3_600_000),
      new Date(start)
    )
    const verified = async () => (await jwtService.verify(signed, 'access'))?.sub ?? null
    at(start + 30_000)
    assert.isNull(await verified(), 'not before its nbf')
    at(start + 120_000)
    assert.equal(await verified(), 'someone')
    at(start + 30_000)
    assert.isNull(await verified(), 'before its nbf, though verified before')
    at(start + 120_000)
    assert.equal(await verified(), 'someone')
    at(start + 7_200_000)
    assert.isNull(await verified(), 'past its exp, though verified before')
    at(start + 180_000)
    assert.equal(await verified(), 'someone')
    assert.isNull(await jwtService.verify(signed, 'onboarding'), 'nor for another audience')
    assert.isNull(await jwtService.verify(`${signed}x`, 'access'), 'nor another text')
  })
})
