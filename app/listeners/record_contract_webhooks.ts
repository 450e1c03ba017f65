import type { ContractChangedEvent } from '#events/contract_events'
import ContractDto from '#dtos/contract_dto'
import { recordWebhookEvent } from '#services/webhooks/events'

/**
 * The contract.* webhooks of a change (`contract:changed`), in the
 * change's transaction. They go to the contract's own company (its
 * borrower side, where the contract lives); `data` is the contract as the
 * API's lists and H3 return it (ContractDto.record), read after the
 * change. A status move records `contract.status_changed`, then the event
 * that names the move when there is one (published, completed, cancelled).
 */
export default class RecordContractWebhooks {
  async handle({ contract, webhooks, trx }: ContractChangedEvent) {
    for (const type of webhooks) {
      await recordWebhookEvent(trx, {
        companyId: contract.companyId,
        type,
        data: ContractDto.record(contract),
      })
    }
  }
}
