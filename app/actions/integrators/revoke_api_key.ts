import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ApiKey from '#models/api_key'
import type Company from '#models/company'
import Clock from '#services/platform/clock'

/**
 * DELETE /api-keys/:id: the key stops working on its next request (the
 * guard reads it on every one); the row stays, so the audit log still
 * names it. Revoking a revoked key changes nothing.
 */
@inject()
export default class RevokeApiKey {
  constructor(private clock: Clock) {}

  handle(company: Company, id: string) {
    return db.transaction(async (trx) => {
      const key = await ApiKey.findOwned(company.id, id, trx)
      if (key.revokedAt) return
      key.revokedAt = this.clock.now()
      key.useTransaction(trx)
      await key.save()
    })
  }
}
