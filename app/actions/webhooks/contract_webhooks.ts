import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractDto from '#dtos/contract_dto'
import { recordWebhookEvent, type WebhookEventInput } from '#services/webhooks/events'

type ContractEvent = Extract<WebhookEventInput['type'], `contract.${string}`>

/**
 * contract.* events go to the contract's own company (its borrower side,
 * where the contract lives); `data` is the contract as the API's lists and
 * H3 return it (ContractDto.record), read after the change.
 */
export function recordContractWebhook(
  trx: TransactionClientContract,
  contract: Contract,
  type: ContractEvent
) {
  return recordWebhookEvent(trx, {
    companyId: contract.companyId,
    type,
    data: ContractDto.record(contract),
  })
}

/**
 * A status move: `contract.status_changed`, then the event that names the
 * move when there is one (published, completed, cancelled), in that order.
 */
export async function recordContractStatusWebhooks(
  trx: TransactionClientContract,
  contract: Contract,
  named?: 'contract.published' | 'contract.completed' | 'contract.cancelled'
) {
  await recordContractWebhook(trx, contract, 'contract.status_changed')
  if (named) await recordContractWebhook(trx, contract, named)
}

/**
 * The sweep's bulk moves: `contract.status_changed` for each moved
 * contract of a company that has an active endpoint (the others are not
 * even read).
 */
export async function recordSweptContractWebhooks(trx: TransactionClientContract, ids: string[]) {
  if (!ids.length) return
  const contracts = await Contract.query({ client: trx })
    .whereIn('id', ids)
    .whereExists((query) =>
      query
        .from('webhook_endpoints')
        .whereColumn('webhook_endpoints.company_id', 'contracts.company_id')
        .where('webhook_endpoints.is_active', true)
    )
    .orderBy('id')
  for (const contract of contracts)
    await recordContractWebhook(trx, contract, 'contract.status_changed')
}
