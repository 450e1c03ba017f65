import { activeProviders } from '#services/compliance/providers'
import ComplianceFlow from '#models/compliance_flow'

/**
 * D8: providers with an active contract with the company, not attached
 * to the flow, by name or document (with or without punctuation).
 */
export default class ListAvailableProviders {
  async handle(companyId: string, flowId: string, search?: string) {
    const flow = await ComplianceFlow.findOwned(companyId, flowId)
    return activeProviders(companyId, { search, excludeFlowId: flow.id })
  }
}
