import db from '@adonisjs/lucid/services/db'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'
import { enqueueWebhookDelivery } from '#services/webhooks/events'
import { NotFoundException } from '#exceptions/http_exceptions'
import { webhookDeliveries } from '#actions/webhooks/list_webhook_deliveries'

/**
 * POST /webhooks/:id/deliveries/:deliveryId/redeliver: a NEW delivery of
 * the same event to the same endpoint (its own id and attempts, queued
 * after the endpoint's pending ones); the old one keeps its history.
 */
export default class RedeliverWebhook {
  handle(company: Company, id: string, deliveryId: string) {
    return db.transaction(async (trx) => {
      const endpoint = await WebhookEndpoint.findOwned(company.id, id, trx)
      const original = await trx
        .from('deliveries')
        .where({ id: deliveryId, webhook_endpoint_id: endpoint.id })
        .select('webhook_event_id')
        .first()
      if (!original) throw new NotFoundException('errors.delivery_not_found')
      const newId = await enqueueWebhookDelivery(trx, endpoint.id, original.webhook_event_id)
      return webhookDeliveries(endpoint.id)
        .useTransaction(trx)
        .where('deliveries.id', newId)
        .firstOrFail()
    })
  }
}
