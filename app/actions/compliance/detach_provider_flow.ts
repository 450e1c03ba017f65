import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import Clock from '#services/platform/clock'
import { touchFlows } from '#services/compliance/attachments'

interface Target {
  providerId: string
  /** D7 names the flow */
  flowId?: string
  /** E13 names the attachment (providerComplianceFlowId) */
  attachmentId?: string
}

/**
 * D7 / E13: detaches a provider from a flow. The attachment is kept as
 * detached so that past compliances keep their link; updatedAt of the
 * flow is refreshed (providersCount follows through the table's triggers).
 */
@inject()
export default class DetachProviderFlow {
  constructor(protected clock: Clock) {}

  handle(companyId: string, target: Target) {
    return db.transaction(async (trx) => {
      const attachment = await ProviderComplianceFlow.findAttached(
        companyId,
        target.providerId,
        target,
        trx,
        'errors.flow_or_provider_not_found'
      )
      const now = this.clock.now()
      await attachment.useTransaction(trx).merge({ detachedAt: now }).save()
      await touchFlows([attachment.flowId], now, trx)
    })
  }
}
