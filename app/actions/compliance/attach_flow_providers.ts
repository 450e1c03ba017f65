import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'
import { attachPairs, requireActiveProviders } from '#services/compliance/attachments'
import ComplianceFlow from '#models/compliance_flow'

/**
 * D6: attaches providers with an active contract to the flow; ids already
 * attached are ignored; contractId/contractName come from the active
 * contract. Unknown or inactive providers: 404 and nothing changes.
 */
@inject()
export default class AttachFlowProviders {
  constructor(protected clock: Clock) {}

  handle(companyId: string, flowId: string, providerIds: string[]) {
    return db.transaction(async (trx) => {
      const flow = await ComplianceFlow.findOwned(companyId, flowId, trx)
      const providers = await requireActiveProviders(companyId, providerIds, trx)
      await attachPairs(
        companyId,
        [...providers.values()].map((provider) => ({ flowId: flow.id, provider })),
        this.clock.now(),
        trx
      )
      return flow
    })
  }
}
