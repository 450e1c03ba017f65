import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'
import WebhookUrlGuard from '#services/webhooks/url_guard'
import { newWebhookSecret, sealWebhookSecret } from '#services/webhooks/secrets'
import Clock from '#services/platform/clock'
import type { createWebhookValidator, updateWebhookValidator } from '#validators/webhook'

/** POST /webhooks and PATCH /webhooks/:id */
@inject()
export default class SaveWebhook {
  constructor(
    protected guard: WebhookUrlGuard,
    protected clock: Clock
  ) {}

  /** A new endpoint with a new secret; the secret in clear is returned this once */
  async create(company: Company, payload: Infer<typeof createWebhookValidator>) {
    await this.guard.check(payload.url)
    const secret = newWebhookSecret()
    const endpoint = await WebhookEndpoint.create({
      companyId: company.id,
      url: payload.url,
      events: payload.events,
      description: payload.description ?? null,
      isActive: true,
      secret: sealWebhookSecret(secret),
      consecutiveDead: 0,
    })
    return { endpoint, secret }
  }

  /**
   * Only the keys given change. Switching an endpoint back on clears its
   * run of dead deliveries (the owner says the target is fixed).
   */
  update(company: Company, id: string, payload: Infer<typeof updateWebhookValidator>) {
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
