import db from '@adonisjs/lucid/services/db'
import ApiKey from '#models/api_key'
import type Company from '#models/company'
import { ConflictException } from '#exceptions/http_exceptions'
import { newApiKeySecret } from '#support/api_key_secrets'

/**
 * POST /api-keys/:id/rotate: a new secret for the same key (name,
 * permissions, expiry and history stay); the old secret stops working at
 * once. A revoked key stays revoked (409).
 */
export default class RotateApiKey {
  handle(company: Company, id: string) {
    return db.transaction(async (trx) => {
      const key = await ApiKey.findOwned(company.id, id, trx)
      if (key.revokedAt) throw new ConflictException('errors.api_key_revoked_rotation')
      const { secret, prefix, tokenHash } = newApiKeySecret()
      key.merge({ prefix, tokenHash })
      key.useTransaction(trx)
      return { key: await key.save(), secret }
    })
  }
}
