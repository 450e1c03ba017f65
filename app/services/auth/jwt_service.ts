import type { webcrypto } from 'node:crypto'
import { SignJWT, type JWTPayload } from 'jose'
import jwtConfig from '#config/jwt'
import { inForce, verifyHs256 } from '#services/auth/hs256_verifier'

export type JwtAudience = 'access' | 'onboarding'

/** Tokens remembered as verified (the oldest is forgotten first) */
const VERIFIED_MAX = 10_000

/**
 * Signs and verifies the service's JWTs. The audience separates token
 * kinds, so an onboarding token can never pass as an access token.
 */
export class JwtService {
  /**
   * Imported once, on first use: given the raw bytes, jose imports a
   * WebCrypto key on every call, which doubled the cost of verifying each
   * request's token.
   */
  #key?: Promise<webcrypto.CryptoKey>

  /**
   * The claims of the tokens verified so far, by audience and token: a
   * client sends the same access token with every request, and its
   * signature, issuer and audience, fixed in the token's text, were checked
   * once; only what changes with time, `exp` and `nbf`, is checked again
   * (inForce). A token that failed is never remembered. Revocation is the
   * session's business (checked on every request), not the token's.
   */
  #verified = new Map<string, JWTPayload>()

  #cryptoKey() {
    this.#key ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(jwtConfig.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify']
    )
    return this.#key
  }

  /**
   * HS256 is deterministic: the same payload, `issuedAt` and `expiresAt`
   * give the same token (onboarding links are re-sent unchanged).
   */
  async sign(
    payload: JWTPayload,
    audience: JwtAudience,
    expiresAt: Date,
    issuedAt?: Date
  ): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: jwtConfig.algorithm, typ: 'JWT' })
      .setIssuer(jwtConfig.issuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt ? Math.floor(issuedAt.getTime() / 1000) : undefined)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.#cryptoKey())
  }

  /**
   * Returns the payload, or null for any token that is malformed, signed
   * with another key or algorithm, expired, or meant for another use.
   * Verified synchronously with node:crypto (HS256 pinned; what jose's
   * jwtVerify accepts with these options, proved by a differential test):
   * every authenticated request verifies a token, and WebCrypto's
   * asynchronous job cost more than the HMAC itself. A token verified
   * before is only checked for time (`#verified`).
   */
  async verify(token: string, audience: JwtAudience): Promise<JWTPayload | null> {
    const key = `${audience}:${token}`
    const known = this.#verified.get(key)
    if (known) {
      if (inForce(known)) return known
      /* Verified again from its text if it is presented again (a test's clock may go back) */
      this.#verified.delete(key)
      return null
    }
    const claims = verifyHs256(token, jwtConfig.secret, { issuer: jwtConfig.issuer, audience })
    if (claims) {
      if (this.#verified.size >= VERIFIED_MAX) {
        this.#verified.delete(this.#verified.keys().next().value!)
      }
      this.#verified.set(key, Object.freeze(claims))
    }
    return claims
  }
}

const jwtService = new JwtService()
export default jwtService
