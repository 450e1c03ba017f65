import { createHash, randomBytes } from 'node:crypto'

/**
 * Single-use tokens sent by e-mail (invitations, password resets): 32
 * random bytes, base64url in the link; only their SHA-256 is stored, so a
 * read of the table cannot be replayed.
 */
export function newOpaqueToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashOpaqueToken(token) }
}

export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex')
