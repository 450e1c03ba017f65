import ContractHistory from '#models/contract_history'
import type { ContractChangedEvent } from '#events/contract_events'

/** The history row of a change (`contract:changed`), in the change's transaction */
export default class RecordContractHistory {
  async handle({ contract, actorId, history, trx }: ContractChangedEvent) {
    if (!history) return
    await ContractHistory.create(
      {
        contractId: contract.id,
        type: history.type,
        actorId,
        ...(history.payload ? { payload: history.payload } : {}),
      },
      { client: trx }
    )
  }
}
