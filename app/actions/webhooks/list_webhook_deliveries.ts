import type { Infer } from '@vinejs/vine/types'
import Delivery from '#models/delivery'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'
import type { listWebhooksValidator } from '#validators/webhook'

/** The endpoint's deliveries with their event type, newest first (deliveries_webhook_endpoint_idx) */
export function webhookDeliveries(endpointId: string) {
  return Delivery.query()
    .where('deliveries.webhook_endpoint_id', endpointId)
    .join('webhook_events', 'webhook_events.id', 'deliveries.webhook_event_id')
    .select('deliveries.*', 'webhook_events.type as event_type')
}

/** GET /webhooks/:id/deliveries (paged) */
export default class ListWebhookDeliveries {
  async handle(company: Company, id: string, filters: Infer<typeof listWebhooksValidator>) {
    const endpoint = await WebhookEndpoint.findOwned(company.id, id)
    return webhookDeliveries(endpoint.id)
      .orderBy('deliveries.webhook_seq', 'desc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
