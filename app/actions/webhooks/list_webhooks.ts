import type { Infer } from '@vinejs/vine/types'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'
import type { listWebhooksValidator } from '#validators/webhook'

/** GET /webhooks: the company's endpoints, oldest first (paged) */
export default class ListWebhooks {
  handle(company: Company, filters: Infer<typeof listWebhooksValidator>) {
    return WebhookEndpoint.query()
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
