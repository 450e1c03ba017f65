import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#exceptions/http_exceptions'
import ComplianceFlow from '#models/compliance_flow'
import Clock from '#services/platform/clock'
import {
  attachmentsWithLeaderships,
  attachPairs,
  requireActiveProviders,
} from '#services/compliance/attachments'
import ProviderComplianceFlowDto from '#dtos/provider_compliance_flow_dto'

interface Attachment {
  providerId: string
  complianceFlowId: string
}

/**
 * D9 / E10: attaches many (provider, flow) pairs. Everything is checked
 * before any insert (providers with an active contract, flows existing and
 * `active`); existing pairs are kept; the answer lists every pair sent.
 */
@inject()
export default class AttachComplianceFlows {
  constructor(protected clock: Clock) {}

  handle(companyId: string, attachments: Attachment[]) {
    return db.transaction(async (trx) => {
      const providers = await requireActiveProviders(
        companyId,
        attachments.map((attachment) => attachment.providerId),
        trx
      )
      const flowIds = [...new Set(attachments.map((attachment) => attachment.complianceFlowId))]
      const flows = await ComplianceFlow.query({ client: trx })
        .withScopes((scopes) => scopes.ownedBy(companyId))
        .whereIn('id', flowIds)
        .where('status', 'active')
        .select('id')
      const found = new Set(flows.map((flow) => flow.id))
      const missing = flowIds.filter((id) => !found.has(id))
      if (missing.length) {
        throw new NotFoundException('errors.flows_not_found', { data: { ids: missing.join(', ') } })
      }

      const ids = await attachPairs(
        companyId,
        attachments.map((attachment) => ({
          flowId: attachment.complianceFlowId,
          provider: providers.get(attachment.providerId)!,
        })),
        this.clock.now(),
        trx
      )
      const ordered = attachments.map((a) => ids.get(`${a.complianceFlowId}:${a.providerId}`)!)
      return ProviderComplianceFlowDto.fromAttachments(
        await attachmentsWithLeaderships([...new Set(ordered)], trx)
      )
    })
  }
}
