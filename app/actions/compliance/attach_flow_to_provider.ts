import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import ComplianceFlow from '#models/compliance_flow'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import Clock from '#services/platform/clock'
import {
  attachmentsWithLeaderships,
  attachPairs,
  replaceLeaderships,
  requireActiveProviders,
} from '#services/compliance/attachments'
import ProviderComplianceFlowDto, { type StepLeadership } from '#dtos/provider_compliance_flow_dto'

interface Params {
  providerId: string
  complianceFlowId: string
  stepLeaderships?: StepLeadership[]
}

/**
 * E11: attaches one flow (status active) to a member with the immediate
 * leadership of each step; 409 when it is already attached.
 */
@inject()
export default class AttachFlowToProvider {
  constructor(protected clock: Clock) {}

  handle(companyId: string, params: Params) {
    return db.transaction(async (trx) => {
      const providers = await requireActiveProviders(companyId, [params.providerId], trx)
      const flow = await ComplianceFlow.query({ client: trx })
        .withScopes((scopes) => scopes.ownedBy(companyId))
        .where('id', params.complianceFlowId)
        .where('status', 'active')
        /**
         * Locked: two E11 of one flow at once would both miss the attachment
         * below and both upsert it (201 twice); the second now waits for the
         * first and sees it (409)
         */
        .forUpdate()
        .first()
      if (!flow) {
        throw new NotFoundException('errors.flows_not_found', {
          data: { ids: params.complianceFlowId },
        })
      }
      const existing = await ProviderComplianceFlow.query({ client: trx })
        .withScopes((scopes) => scopes.attached())
        .where('flow_id', flow.id)
        .where('provider_id', params.providerId)
        .first()
      if (existing) throw new ConflictException('errors.flow_already_attached')

      const provider = providers.get(params.providerId)!
      const ids = await attachPairs(
        companyId,
        [{ flowId: flow.id, provider }],
        this.clock.now(),
        trx
      )
      const attachment = await ProviderComplianceFlow.findOrFail(
        ids.get(`${flow.id}:${provider.providerId}`),
        { client: trx }
      )
      await replaceLeaderships(attachment, params.stepLeaderships ?? [], trx)
      const [view] = ProviderComplianceFlowDto.fromAttachments(
        await attachmentsWithLeaderships([attachment.id], trx)
      )
      return view
    })
  }
}
