import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'
import WebhookUrlGuard from '#services/webhooks/url_guard'
import { newWebhookSecret, sealWebhookSecret } from '#services/webhooks/secrets'
import type { createWebhookValidator } from '#validators/webhook'

/**
 * POST /webhooks: a new endpoint with a new secret; the secret in clear is
 * returned this once
 */
@inject()
export default class CreateWebhook {
  constructor(protected guard: WebhookUrlGuard) {}

  async handle(company: Company, payload: Infer<typeof createWebhookValidator>) {
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
}
