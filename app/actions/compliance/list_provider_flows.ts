import ProviderComplianceFlow from '#models/provider_compliance_flow'
import { attachmentViews } from '#services/compliance/attachments'
import { requireKnownProvider } from '#services/compliance/providers'

/** E9: the flows attached to a member of the company, oldest attachment first */
export default class ListProviderFlows {
  async handle(companyId: string, providerId: string) {
    await requireKnownProvider(companyId, providerId)
    const attachments = await ProviderComplianceFlow.query()
      .withScopes((scopes) => scopes.attached())
      .where('company_id', companyId)
      .where('provider_id', providerId)
      .orderBy('attached_at')
      .select('id')
    return attachmentViews(attachments.map((attachment) => attachment.id))
  }
}
