import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'

/**
 * Append-only history of a contract: one row per state change the spec
 * names (type such as STATUS_CHANGED, PROVIDER_ONBOARDING_SENT).
 */
export default class ContractHistory extends compose(BaseModel, withUuidPrimaryKey) {
  static table = 'contract_history'

  @column()
  declare contractId: string

  @column()
  declare type: string

  @column()
  declare actorId: string | null

  @column({ prepare: (value) => JSON.stringify(value ?? {}) })
  declare payload: Record<string, unknown>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
