import type ProviderComplianceFlow from '#models/provider_compliance_flow'

export interface StepLeadership {
  stepId: string
  immediateLeadershipIds: string[]
}

/**
 * spec: ProviderComplianceFlow, the attachment of a flow to a provider
 * (fields beyond `providerComplianceFlowId` designed here; decisions.md).
 */
export default class ProviderComplianceFlowDto {
  static fromModel(attachment: ProviderComplianceFlow, stepLeaderships: StepLeadership[]) {
    return {
      id: attachment.id,
      providerComplianceFlowId: attachment.id,
      providerId: attachment.providerId,
      providerType: attachment.providerType,
      complianceFlowId: attachment.flowId,
      complianceFlowName: attachment.flow.name,
      complianceFlowStatus: attachment.flow.status,
      contractId: attachment.contractId,
      contractName: attachment.contract?.name ?? null,
      attachedAt: attachment.attachedAt.toISO()!,
      stepLeaderships,
    }
  }

  static fromAttachments(
    loaded: { attachment: ProviderComplianceFlow; stepLeaderships: StepLeadership[] }[]
  ) {
    return loaded.map(({ attachment, stepLeaderships }) =>
      ProviderComplianceFlowDto.fromModel(attachment, stepLeaderships)
    )
  }
}
