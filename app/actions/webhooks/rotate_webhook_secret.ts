import db from '@adonisjs/lucid/services/db'
import WebhookEndpoint from '#models/webhook_endpoint'
import type Company from '#models/company'
import { newWebhookSecret, sealWebhookSecret } from '#services/webhooks/secrets'

/**
 * POST /webhooks/:id/rotate-secret: a new secret, returned in clear this
 * once; the old one stops signing at once (deliveries still pending are
 * signed with the new one when sent).
 */
export default class RotateWebhookSecret {
  handle(company: Company, id: string) {
    return db.transaction(async (trx) => {
      const endpoint = await WebhookEndpoint.findOwned(company.id, id, trx)
      const secret = newWebhookSecret()
      endpoint.secret = sealWebhookSecret(secret)
      endpoint.useTransaction(trx)
      return { endpoint: await endpoint.save(), secret }
    })
  }
}
