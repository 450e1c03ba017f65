import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { jwtVerify } from 'jose'
import { verifyHs256 } from '#services/auth/hs256_verifier'

const SECRET = 'a-test-secret-of-enough-length-0123456789'
const OTHER_SECRET = 'another-secret-of-enough-length-987654321'
const ISSUER = 'contract-management'
const key = new TextEncoder().encode(SECRET)
/** A fixed second (2026-01-01T00:00:00Z): every token below is the same on every run */
const NOW = 1_767_225_600
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const hmac = (secret: string, input: string, hash = 'sha256') =>
  createHmac(hash, secret).update(input).digest('base64url')

/** A compact token from parts, signed as asked (right key, wrong key, other hash, none) */
function token(header: unknown, claims: unknown, signing: string) {
  const input = `${segment(header)}.${segment(claims)}`
  switch (signing) {
    case 'right':
      return `${input}.${hmac(SECRET, input)}`
    case 'other-key':
      return `${input}.${hmac(OTHER_SECRET, input)}`
    case 'sha512':
      return `${input}.${hmac(SECRET, input, 'sha512')}`
    case 'empty':
      return `${input}.`
    default:
      return input
  }
}

/** What jose's jwtVerify (the reference) answers, with the options JwtService used */
async function reference(compact: string, audience: string) {
  try {
    const { payload } = await jwtVerify(compact, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      requiredClaims: ['exp', 'iat'],
      currentDate: new Date(NOW * 1000),
    })
    return payload
  } catch {
    return null
  }
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 })
const numericDate = fc.oneof(
  fc.integer({ min: NOW - 5, max: NOW + 5 }),
  fc.integer({ min: NOW - 100_000, max: NOW + 100_000 }),
  fc.constantFrom('1', null, true, 1.5 + NOW)
)
const headerArb = fc.record(
  {
    alg: fc.constantFrom('HS256', 'HS512', 'none', 'RS256', 'hs256', undefined),
    typ: maybe(fc.constantFrom('JWT', 'at+jwt')),
    crit: maybe(fc.constant(['exp'])),
    b64: maybe(fc.boolean()),
    kid: maybe(fc.string()),
  },
  { requiredKeys: [] }
)
const claimsArb = fc.record(
  {
    sub: maybe(fc.string()),
    sid: maybe(fc.uuid()),
    iss: maybe(fc.constantFrom(ISSUER, 'someone-else', '', ['contract-management'])),
    aud: maybe(
      fc.constantFrom('access', 'onboarding', ['access'], ['x', 'access'], ['onboarding'], 7)
    ),
    exp: maybe(numericDate),
    iat: maybe(numericDate),
    nbf: maybe(numericDate),
  },
  { requiredKeys: [] }
)
const payloadArb = fc.oneof(
  { weight: 8, arbitrary: claimsArb },
  { weight: 1, arbitrary: fc.constantFrom([], 'text', 42, null) }
)

/** Drops the keys fast-check left undefined (JSON would drop them too) */
const json = (value: unknown) => JSON.parse(JSON.stringify(value ?? null))

test.group('verifyHs256', () => {
  test('accepts and returns exactly what jose jwtVerify does (generated tokens)', async ({
    assert,
  }) => {
    await fc.assert(
      fc.asyncProperty(
        headerArb,
        payloadArb,
        fc.constantFrom('right', 'right', 'right', 'other-key', 'sha512', 'empty', 'none'),
        fc.constantFrom('access', 'onboarding'),
        async (header, claims, signing, audience) => {
          const compact = token(json(header), json(claims), signing)
          const ours = verifyHs256(compact, SECRET, { issuer: ISSUER, audience, now: NOW })
          assert.deepEqual(ours, await reference(compact, audience), compact)
        }
      ),
      { numRuns: 3000, seed: Number(process.env.TEST_SEED ?? 20261123) }
    )
  })

  test('a valid token passes; its payload comes back', async ({ assert }) => {
    const claims = { sub: 'u', sid: 's', iss: ISSUER, aud: 'access', iat: NOW, exp: NOW + 60 }
    const compact = token({ alg: 'HS256', typ: 'JWT' }, claims, 'right')
    assert.deepEqual(
      verifyHs256(compact, SECRET, { issuer: ISSUER, audience: 'access', now: NOW }),
      claims
    )
    assert.deepEqual(await reference(compact, 'access'), claims)
  })

  test('refuses tampering: a changed payload, a re-signed header, extra or missing segments', ({
    assert,
  }) => {
    const claims = { sub: 'u', iss: ISSUER, aud: 'access', iat: NOW, exp: NOW + 60 }
    const compact = token({ alg: 'HS256' }, claims, 'right')
    const [h, , s] = compact.split('.')
    const forged = `${h}.${segment({ ...claims, sub: 'admin' })}.${s}`
    const options = { issuer: ISSUER, audience: 'access', now: NOW }
    assert.isNull(verifyHs256(forged, SECRET, options))
    assert.isNull(verifyHs256(`${compact}.x`, SECRET, options))
    assert.isNull(verifyHs256(compact.split('.').slice(0, 2).join('.'), SECRET, options))
    assert.isNull(verifyHs256(`${compact}=`, SECRET, options))
    /** The first character of the signature carries 6 bits of its first byte */
    const signature = compact.split('.')[2]
    const flipped = `${ALPHABET[ALPHABET.indexOf(signature[0]) ^ 1]}${signature.slice(1)}`
    assert.notDeepEqual(Buffer.from(flipped, 'base64url'), Buffer.from(signature, 'base64url'))
    assert.isNull(verifyHs256(`${h}.${compact.split('.')[1]}.${flipped}`, SECRET, options))
    assert.isNull(verifyHs256(`${compact} `, SECRET, options))
    assert.isNull(verifyHs256('', SECRET, options))
    assert.isNull(verifyHs256(compact, OTHER_SECRET, options))
  })

  test('one token, one spelling: any other character anywhere in the signature is refused', ({
    assert,
  }) => {
    const claims = { sub: 'u', iss: ISSUER, aud: 'access', iat: NOW, exp: NOW + 60 }
    const compact = token({ alg: 'HS256' }, claims, 'right')
    const [h, p, signature] = compact.split('.')
    const options = { issuer: ISSUER, audience: 'access', now: NOW }
    assert.isNotNull(verifyHs256(compact, SECRET, options))
    for (let i = 0; i < signature.length; i++) {
      for (const bit of [1, 2, 4, 32]) {
        const changed = ALPHABET[ALPHABET.indexOf(signature[i]) ^ bit]
        const tampered = `${h}.${p}.${signature.slice(0, i)}${changed}${signature.slice(i + 1)}`
        assert.isNull(verifyHs256(tampered, SECRET, options), `position ${i}, bit ${bit}`)
      }
    }
  })

  test('malleability: the non-canonical spellings of a valid signature are refused', ({
    assert,
  }) => {
    const claims = { sub: 'u', iss: ISSUER, aud: 'access', iat: NOW, exp: NOW + 60 }
    const compact = token({ alg: 'HS256' }, claims, 'right')
    const [h, p, signature] = compact.split('.')
    const options = { issuer: ISSUER, audience: 'access', now: NOW }
    /** 32 bytes are 43 characters: the last one holds 4 data bits and 2 padding bits */
    const last = ALPHABET.indexOf(signature.at(-1)!)
    assert.equal(last & 3, 0, 'canonical: the padding bits are zero')
    for (const padding of [1, 2, 3]) {
      const spelling = `${signature.slice(0, -1)}${ALPHABET[last | padding]}`
      assert.deepEqual(Buffer.from(spelling, 'base64url'), Buffer.from(signature, 'base64url'))
      assert.isNull(verifyHs256(`${h}.${p}.${spelling}`, SECRET, options), spelling)
    }
  })

  test('refuses what it does not understand: alg other than HS256, crit', async ({ assert }) => {
    const claims = { iss: ISSUER, aud: 'access', iat: NOW, exp: NOW + 60 }
    const options = { issuer: ISSUER, audience: 'access', now: NOW }
    for (const header of [
      { alg: 'HS256', crit: ['exp'] },
      { alg: 'HS256', b64: false, crit: ['b64'] },
      { alg: 'none' },
      { alg: 'HS512' },
      { typ: 'JWT' },
    ]) {
      const compact = token(header, claims, 'right')
      assert.isNull(verifyHs256(compact, SECRET, options), JSON.stringify(header))
      assert.isNull(await reference(compact, 'access'), JSON.stringify(header))
    }
  })

  test('exp is exclusive and nbf inclusive at the current second (as jose, no tolerance)', ({
    assert,
  }) => {
    const options = { issuer: ISSUER, audience: 'access', now: NOW }
    const at = (extra: object) =>
      token({ alg: 'HS256' }, { iss: ISSUER, aud: 'access', iat: NOW, ...extra }, 'right')
    assert.isNull(verifyHs256(at({ exp: NOW }), SECRET, options))
    assert.isNotNull(verifyHs256(at({ exp: NOW + 1 }), SECRET, options))
    assert.isNotNull(verifyHs256(at({ exp: NOW + 1, nbf: NOW }), SECRET, options))
    assert.isNull(verifyHs256(at({ exp: NOW + 1, nbf: NOW + 1 }), SECRET, options))
  })
})
