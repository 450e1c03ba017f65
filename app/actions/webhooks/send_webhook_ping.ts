import db from '@adonisjs/lucid/services/db'
import WebhookEndpoint from '#models/webhook_endpoint'
import Delivery from '#models/delivery'
import type Company from '#models/company'
import { recordPing } from '#services/webhooks/events'

/**
 * POST /webhooks/:id/test: a `ping` event queued for this endpoint only,
 * due now (the worker sends it, signed like any event, so the answer says
 * "queued", not whether the target accepted it: the deliveries list does).
 */
export default class SendWebhookPing {
  handle(company: Company, id: string) {
    return db.transaction(async (trx) => {
      const endpoint = await WebhookEndpoint.findOwned(company.id, id, trx)
      const { deliveryId } = await recordPing(trx, endpoint)
      return Delivery.query({ client: trx })
        .where('deliveries.id', deliveryId)
        .join('webhook_events', 'webhook_events.id', 'deliveries.webhook_event_id')
        .select('deliveries.*', 'webhook_events.type as event_type')
        .firstOrFail()
    })
  }
}
