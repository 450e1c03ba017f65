import { scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { WebhookEndpointSchema } from '#database/schema'

/**
 * A company's webhook target: URL, subscribed events, signing secret
 *
 * Columns (database/schema.ts):
 * - `secret`: The signing secret, encrypted with APP_KEY (a credential: never serialized, logged or
 *   returned, except in clear on create/rotate)
 */
export default class WebhookEndpoint extends compose(WebhookEndpointSchema, withUuidPrimaryKey) {
  static ownedBy = scope((query, companyId: string) => {
    query.where('webhook_endpoints.company_id', companyId)
  })

  /** Tenant finder: another company's endpoint is 404 */
  static findOwned(companyId: string, id: string, trx?: TransactionClientContract) {
    const owned = WebhookEndpoint.query({ client: trx }).withScopes((s) => s.ownedBy(companyId))
    return firstOrNotFound(owned.where('webhook_endpoints.id', id), 'errors.webhook_not_found', trx)
  }
}
