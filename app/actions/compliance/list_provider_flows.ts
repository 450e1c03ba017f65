import ProviderComplianceFlow from '#models/provider_compliance_flow'
import { attachmentsWithLeaderships } from '#services/compliance/attachments'
import ContractPart from '#models/contract_part'
import ProviderComplianceFlowDto from '#dtos/provider_compliance_flow_dto'

/** E9: the flows attached to a member of the company, oldest attachment first */
export default class ListProviderFlows {
  async handle(companyId: string, providerId: string) {
    await ContractPart.assertKnownProvider(companyId, providerId)
    const attachments = await ProviderComplianceFlow.query()
      .withScopes((scopes) => scopes.attached())
      .where('company_id', companyId)
      .where('provider_id', providerId)
      .orderBy('attached_at')
      .select('id')
    return ProviderComplianceFlowDto.fromAttachments(
      await attachmentsWithLeaderships(attachments.map((attachment) => attachment.id))
    )
  }
}
