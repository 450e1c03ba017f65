import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import RecordContractWebhook from '#actions/webhooks/record_contract_webhook'

/**
 * The sweep's bulk moves: `contract.status_changed` for each moved
 * contract of a company that has an active endpoint (the others are not
 * even read).
 */
export default class RecordSweptContractWebhooks {
  async handle(trx: TransactionClientContract, ids: string[]) {
    if (!ids.length) return
    const record = new RecordContractWebhook()
    const contracts = await Contract.query({ client: trx })
      .whereIn('id', ids)
      .whereExists((query) =>
        query
          .from('webhook_endpoints')
          .whereColumn('webhook_endpoints.company_id', 'contracts.company_id')
          .where('webhook_endpoints.is_active', true)
      )
      .orderBy('id')
    for (const contract of contracts) await record.handle(trx, contract, 'contract.status_changed')
  }
}
