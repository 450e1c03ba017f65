import { DateTime } from 'luxon'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { withTimestamps } from '#models/mixins/with_timestamps'
import { firstOrNotFound } from '#models/queries/first_or_not_found'

/** A company's webhook target (#16): URL, subscribed events, signing secret */
export default class WebhookEndpoint extends compose(
  BaseModel,
  withUuidPrimaryKey,
  withTimestamps
) {
  @column()
  declare companyId: string

  @column()
  declare url: string

  @column()
  declare events: string[]

  @column()
  declare description: string | null

  @column()
  declare isActive: boolean

  /**
   * The signing secret, encrypted with APP_KEY (a credential: never
   * serialized, logged or returned, except in clear on create/rotate)
   */
  @column({ serializeAs: null })
  declare secret: string

  @column()
  declare consecutiveDead: number

  @column.dateTime()
  declare disabledAt: DateTime | null

  static ownedBy = scope((query, companyId: string) => {
    query.where('webhook_endpoints.company_id', companyId)
  })

  /** Tenant finder: another company's endpoint is 404 */
  static findOwned(companyId: string, id: string, trx?: TransactionClientContract) {
    const owned = WebhookEndpoint.query({ client: trx }).withScopes((s) => s.ownedBy(companyId))
    return firstOrNotFound(owned.where('webhook_endpoints.id', id), 'errors.webhook_not_found', trx)
  }
}
