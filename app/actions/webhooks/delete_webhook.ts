import db from '@adonisjs/lucid/services/db'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'

/**
 * DELETE /webhooks/:id: the endpoint and, by cascade, its deliveries and
 * their attempts (nothing more is sent to it; a worker holding one in
 * flight finds no row to record on)
 */
export default class DeleteWebhook {
  handle(company: Company, id: string) {
    return db.transaction(async (trx) => {
      const endpoint = await WebhookEndpoint.findOwned(company.id, id, trx)
      endpoint.useTransaction(trx)
      await endpoint.delete()
    })
  }
}
