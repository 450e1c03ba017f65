import { randomBytes } from 'node:crypto'
import { hashOpaqueToken } from '#support/opaque_tokens'

/**
 * API key secrets: a recognisable prefix (secret scanners match
 * `cmk_live_` followed by 43 base64url characters) and 32 random bytes;
 * only the SHA-256 is stored, like the other opaque tokens.
 */
export const API_KEY_PREFIX = 'cmk_live_'
const API_KEY_PATTERN = /^cmk_live_[A-Za-z0-9_-]{43}$/

export function newApiKeySecret() {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return {
    secret,
    prefix: secret.slice(0, API_KEY_PREFIX.length + 4),
    tokenHash: hashOpaqueToken(secret),
  }
}

/** Whether a bearer token is an API key (anything else is read as a JWT) */
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX)

/** The stored hash of a presented key; null when it cannot be one of ours */
export const apiKeyHash = (token: string) =>
  API_KEY_PATTERN.test(token) ? hashOpaqueToken(token) : null
