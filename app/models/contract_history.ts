import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { ContractHistorySchema } from '#database/schema'

/**
 * Append-only history of a contract: one row per state change the spec
 * names (type such as STATUS_CHANGED, PROVIDER_ONBOARDING_SENT).
 */
export default class ContractHistory extends compose(ContractHistorySchema, withUuidPrimaryKey) {
  static table = 'contract_history'
}
