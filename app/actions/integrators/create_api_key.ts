import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import ApiKey from '#models/api_key'
import User from '#models/user'
import type Company from '#models/company'
import { UnprocessableException } from '#exceptions/http_exceptions'
import Clock from '#services/platform/clock'
import { newApiKeySecret } from '#support/api_key_secrets'
import type { createApiKeyValidator } from '#validators/api_key'

/**
 * POST /api-keys: a key and its service user (the actor its writes are
 * recorded under). The service user has no password and an address under
 * the reserved `.invalid` domain, so nobody can log in as it or receive
 * its mail; it is never a member of any company. The secret is returned
 * this once.
 */
@inject()
export default class CreateApiKey {
  constructor(private clock: Clock) {}

  handle(company: Company, creator: User, payload: Infer<typeof createApiKeyValidator>) {
    const now = this.clock.now()
    const expiresAt = payload.expiresAt ? DateTime.fromJSDate(payload.expiresAt) : null
    if (expiresAt && expiresAt <= now) {
      throw new UnprocessableException('expiresAt must be in the future')
    }
    return db.transaction(async (trx) => {
      const id = randomUUID()
      const user = await User.create(
        { name: `API key: ${payload.name}`, email: `api-key-${id}@api-keys.invalid` },
        { client: trx }
      )
      const { secret, prefix, tokenHash } = newApiKeySecret()
      const key = await ApiKey.create(
        {
          id,
          companyId: company.id,
          userId: user.id,
          name: payload.name,
          prefix,
          tokenHash,
          permissions: payload.permissions,
          expiresAt,
          createdBy: creator.id,
        },
        { client: trx }
      )
      return { key, secret }
    })
  }
}
