import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import oauthConfig, { type OAuthProviderConfig } from '#config/oauth'
import type { OAuthProvider } from '#enums/oauth_providers'

/** Not configured, or its JWKS cannot be fetched */
export class OAuthProviderUnavailableError extends Error {}
export class InvalidIdTokenError extends Error {}

export interface VerifiedIdentity {
  subject: string
  email: string | null
}

/** Only asymmetric algorithms: `none` and HMAC downgrades are refused */
const ALGORITHMS = ['RS256', 'ES256']

/**
 * Verifies an identity provider's ID token: signature against the
 * provider's JWKS (fetched and cached by jose), pinned algorithms,
 * issuer, audience (our client id) and expiry.
 */
export default class OAuthIdTokenVerifier {
  #jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

  constructor(
    private providers: Record<OAuthProvider, OAuthProviderConfig> = oauthConfig.providers
  ) {}

  isConfigured(provider: OAuthProvider) {
    return Boolean(this.providers[provider].clientId)
  }

  async verify(provider: OAuthProvider, idToken: string): Promise<VerifiedIdentity> {
    const config = this.providers[provider]
    if (!config.clientId) {
      throw new OAuthProviderUnavailableError(`Provider ${provider} is not configured`)
    }

    let jwks = this.#jwks.get(config.jwksUrl)
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 })
      this.#jwks.set(config.jwksUrl, jwks)
    }

    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        algorithms: ALGORITHMS,
        issuer: config.issuer,
        audience: config.clientId,
        requiredClaims: ['sub', 'exp'],
      })
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null
      return { subject: payload.sub!, email }
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        throw new OAuthProviderUnavailableError(`Provider ${provider} is unavailable`)
      }
      throw new InvalidIdTokenError('Invalid identity token')
    }
  }
}
