import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import ContractDto from '#dtos/contract_dto'
import { recordWebhookEvent, type WebhookEventInput } from '#services/webhooks/events'

export type ContractEvent = Extract<WebhookEventInput['type'], `contract.${string}`>

/**
 * contract.* events go to the contract's own company (its borrower side,
 * where the contract lives); `data` is the contract as the API's lists and
 * H3 return it (ContractDto.record), read after the change. A status move
 * records `contract.status_changed`, then the event that names the move
 * when there is one (published, completed, cancelled), in that order.
 */
export default class RecordContractWebhook {
  async handle(
    trx: TransactionClientContract,
    contract: Contract,
    type: ContractEvent,
    named?: 'contract.published' | 'contract.completed' | 'contract.cancelled'
  ) {
    for (const event of named ? [type, named] : [type]) {
      await recordWebhookEvent(trx, {
        companyId: contract.companyId,
        type: event,
        data: ContractDto.record(contract),
      })
    }
  }
}
