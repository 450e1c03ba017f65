import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import type User from '#models/user'
import type Company from '#models/company'
import { UnprocessableException } from '#exceptions/http_exceptions'
import Clock from '#services/platform/clock'
import { issueApiKey } from '#services/integrations/api_keys'
import type { createApiKeyValidator } from '#validators/api_key'

/**
 * POST /api-keys: a key and its service user (issueApiKey); the secret is
 * returned this once.
 */
@inject()
export default class CreateApiKey {
  constructor(private clock: Clock) {}

  handle(company: Company, creator: User, payload: Infer<typeof createApiKeyValidator>) {
    const now = this.clock.now()
    const expiresAt = payload.expiresAt ? DateTime.fromJSDate(payload.expiresAt) : null
    if (expiresAt && expiresAt <= now) {
      throw new UnprocessableException('errors.api_key_expiry_past')
    }
    return db.transaction((trx) =>
      issueApiKey(
        {
          companyId: company.id,
          createdBy: creator.id,
          name: payload.name,
          permissions: payload.permissions,
          expiresAt,
        },
        trx
      )
    )
  }
}
