import { createHmac, timingSafeEqual } from 'node:crypto'
import type { JWTPayload } from 'jose'
import { nowMillis } from '#services/platform/clock'

/** A JWT segment: base64url without padding */
const SEGMENT = /^[A-Za-z0-9_-]+$/
const utf8 = new TextDecoder('utf-8', { fatal: true })

interface VerifyOptions {
  issuer: string
  audience: string
  /** Seconds since the epoch (tests); defaults to now */
  now?: number
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A segment's JSON object, or null when it is not base64url of UTF-8 JSON of an object */
function jsonObject(segment: string): Record<string, unknown> | null {
  if (!SEGMENT.test(segment)) return null
  try {
    const value: unknown = JSON.parse(utf8.decode(Buffer.from(segment, 'base64url')))
    return isObject(value) ? value : null
  } catch {
    return null
  }
}

/** A NumericDate claim: absent (undefined), a number, or invalid (null) */
function numericDate(claims: Record<string, unknown>, claim: string): number | undefined | null {
  const value = claims[claim]
  if (value === undefined) return undefined
  return typeof value === 'number' ? value : null
}

/**
 * Verifies a compact HS256 JWT synchronously and returns its claims, or
 * null. It accepts exactly what jose's `jwtVerify(token, key, {algorithms:
 * ['HS256'], issuer, audience, requiredClaims: ['exp', 'iat']})` accepts
 * (tests/unit/hs256_verifier.spec.ts compares the two on generated
 * tokens): the header must say `alg: HS256` and carry no `crit` (no
 * extension is understood; jose would also take `crit: ["b64"]` with
 * `b64: true`, a form we never issue), the signature's canonical base64url
 * is compared in constant time (jose also takes the other spellings of its
 * padding bits), `iss` must equal the issuer, `aud` be (or contain) the audience,
 * `exp` and `iat` be present and numeric, `exp` in the future and `nbf`,
 * when present, not in the future (no clock tolerance).
 */
export function verifyHs256(
  token: string,
  secret: string,
  { issuer, audience, now = numericNow() }: VerifyOptions
): JWTPayload | null {
  if (typeof token !== 'string') return null
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [encodedHeader, encodedPayload, encodedSignature] = parts

  const header = jsonObject(encodedHeader)
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null

  /**
   * The canonical encoding is compared, not the decoded bytes: the last
   * character of 32 bytes in base64url carries 2 padding bits, so 4
   * spellings decode to the same signature (jose accepts all 4); one
   * token, one spelling.
   */
  const signature = Buffer.from(encodedSignature)
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${encodedHeader}.${encodedPayload}`).digest('base64url')
  )
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null

  const claims = jsonObject(encodedPayload)
  if (!claims || !Object.hasOwn(claims, 'exp') || !Object.hasOwn(claims, 'iat')) return null
  if (!Object.hasOwn(claims, 'iss') || claims.iss !== issuer) return null
  const aud = claims.aud
  if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) return null

  if (numericDate(claims, 'iat') === null) return null
  return inForce(claims, now) ? (claims as JWTPayload) : null
}

/** The current time as a NumericDate (whole seconds since the epoch) */
export const numericNow = () => Math.floor(nowMillis() / 1000)

/**
 * Whether claims are in force at `now`: `exp` numeric and in the future,
 * `nbf`, when present, numeric and not in the future (no clock tolerance).
 * The part of verifyHs256 that changes with time alone.
 */
export function inForce(claims: Record<string, unknown>, now: number = numericNow()): boolean {
  const nbf = numericDate(claims, 'nbf')
  const exp = numericDate(claims, 'exp')
  if (nbf === null || (nbf !== undefined && nbf > now)) return false
  return typeof exp === 'number' && exp > now
}
