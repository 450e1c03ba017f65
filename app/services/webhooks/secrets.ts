import { randomBytes } from 'node:crypto'
import encryption from '@adonisjs/core/services/encryption'

/** A new signing secret, shown once (create/rotate): `whsec_` + 32 random bytes */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

/**
 * Secrets are stored encrypted with APP_KEY: the worker must sign with the
 * secret itself, so it cannot be hashed, and a leaked database dump alone
 * does not let anyone forge our signatures.
 */
export const sealWebhookSecret = (secret: string) => encryption.encrypt(secret)

export function openWebhookSecret(stored: string) {
  const secret = encryption.decrypt<string>(stored)
  if (!secret) throw new Error('webhook secret cannot be decrypted (APP_KEY changed?)')
  return secret
}
