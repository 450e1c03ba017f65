import env from '#start/env'
import type { OAuthProvider } from '#enums/oauth_providers'

export interface OAuthProviderConfig {
  /** JWKS of the provider's ID-token signing keys */
  jwksUrl: string
  /** Expected `iss` */
  issuer: string
  /** Expected `aud`: our client id; the provider is off while unset */
  clientId: string | undefined
}

/**
 * ID-token verification per identity provider (POST /users/me/connect-provider).
 * A provider is configured when its client id is set; JWKS URL and issuer
 * default to the provider's public values.
 */
const oauthConfig: { providers: Record<OAuthProvider, OAuthProviderConfig> } = {
  providers: {
    google: {
      jwksUrl: env.get('OAUTH_GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
      issuer: env.get('OAUTH_GOOGLE_ISSUER', 'https://accounts.google.com'),
      clientId: env.get('OAUTH_GOOGLE_CLIENT_ID'),
    },
    apple: {
      jwksUrl: env.get('OAUTH_APPLE_JWKS_URL', 'https://appleid.apple.com/auth/keys'),
      issuer: env.get('OAUTH_APPLE_ISSUER', 'https://appleid.apple.com'),
      clientId: env.get('OAUTH_APPLE_CLIENT_ID'),
    },
    microsoft: {
      jwksUrl: env.get(
        'OAUTH_MICROSOFT_JWKS_URL',
        'https://login.microsoftonline.com/common/discovery/v2.0/keys'
      ),
      /** The consumer-accounts tenant; set your tenant's issuer for work accounts */
      issuer: env.get(
        'OAUTH_MICROSOFT_ISSUER',
        'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0'
      ),
      clientId: env.get('OAUTH_MICROSOFT_CLIENT_ID'),
    },
  },
}

export default oauthConfig
