import db from '@adonisjs/lucid/services/db'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import { attachmentsWithLeaderships, replaceLeaderships } from '#services/compliance/attachments'
import ProviderComplianceFlowDto, { type StepLeadership } from '#dtos/provider_compliance_flow_dto'

/**
 * E12: replaces the immediate leaderships of an attached flow (steps not
 * listed are left without leadership).
 */
export default class UpdateProviderFlowLeaderships {
  handle(
    companyId: string,
    providerId: string,
    attachmentId: string,
    leaderships: StepLeadership[]
  ) {
    return db.transaction(async (trx) => {
      const attachment = await ProviderComplianceFlow.findAttached(
        companyId,
        providerId,
        { attachmentId },
        trx
      )
      await replaceLeaderships(attachment, leaderships, trx)
      const [view] = ProviderComplianceFlowDto.fromAttachments(
        await attachmentsWithLeaderships([attachment.id], trx)
      )
      return view
    })
  }
}
