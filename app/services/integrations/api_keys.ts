import { randomUUID } from 'node:crypto'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiKey from '#models/api_key'
import User from '#models/user'
import { API_KEY_PREFIX, newApiKeySecret } from '#support/api_key_secrets'
import { hashOpaqueToken } from '#support/opaque_tokens'
import type { Permission } from '#support/permissions'

interface NewKey {
  companyId: string
  createdBy: string | null
  name: string
  permissions: Permission[]
  expiresAt: DateTime | null
  /** A fixed secret (the demo seeder's); a random one by default */
  secret?: string
}

/**
 * Issues an API key and its service user (the actor its writes are
 * recorded under) in `trx`. The service user has no password and an
 * address under the reserved `.invalid` domain, so nobody can log in as
 * it or receive its mail; it is never a member of any company.
 */
export async function issueApiKey(fields: NewKey, trx: TransactionClientContract) {
  const id = randomUUID()
  const user = await User.create(
    { name: `API key: ${fields.name}`, email: `api-key-${id}@api-keys.invalid` },
    { client: trx }
  )
  const { secret, prefix, tokenHash } = fields.secret
    ? {
        secret: fields.secret,
        prefix: fields.secret.slice(0, API_KEY_PREFIX.length + 4),
        tokenHash: hashOpaqueToken(fields.secret),
      }
    : newApiKeySecret()
  const key = await ApiKey.create(
    {
      id,
      companyId: fields.companyId,
      userId: user.id,
      name: fields.name,
      prefix,
      tokenHash,
      permissions: fields.permissions,
      expiresAt: fields.expiresAt,
      createdBy: fields.createdBy,
    },
    { client: trx }
  )
  return { key, secret }
}
