import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'
import WebhookUrlGuard from '#services/webhooks/url_guard'
import Clock from '#services/platform/clock'
import type { updateWebhookValidator } from '#validators/webhook'

/**
 * PATCH /webhooks/:id: only the keys given change. Switching an endpoint
 * back on clears its run of dead deliveries (the owner says the target is
 * fixed).
 */
@inject()
export default class UpdateWebhook {
  constructor(
    protected guard: WebhookUrlGuard,
    protected clock: Clock
  ) {}

  handle(company: Company, id: string, payload: Infer<typeof updateWebhookValidator>) {
    return db.transaction(async (trx) => {
      const endpoint = await WebhookEndpoint.findOwned(company.id, id, trx)
      if (payload.url !== undefined && payload.url !== endpoint.url) {
        await this.guard.check(payload.url)
        endpoint.url = payload.url
      }
      if (payload.events !== undefined) endpoint.events = payload.events
      if (payload.description !== undefined) endpoint.description = payload.description
      if (payload.isActive !== undefined && payload.isActive !== endpoint.isActive) {
        endpoint.isActive = payload.isActive
        endpoint.disabledAt = payload.isActive ? null : this.clock.now()
        if (payload.isActive) endpoint.consecutiveDead = 0
      }
      endpoint.useTransaction(trx)
      return endpoint.save()
    })
  }
}
