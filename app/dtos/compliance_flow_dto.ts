import type ComplianceFlow from '#models/compliance_flow'
import type ComplianceStep from '#models/compliance_step'
import type ComplianceDocumentRequirement from '#models/compliance_document_requirement'

export interface ValidatorUser {
  id: string
  name: string
  avatar: string | null
}

/** An attached provider row as loaded by the flow views */
export interface AttachedProviderRow {
  id: string
  providerId: string
  name: string
  document: string
  contractId: string | null
  contractName: string | null
  attachedAt: string
}

/** spec: ComplianceValidator (`id` = the validator record; the user id for leaders) */
export class ComplianceValidatorDto {
  static fromUser(id: string, user: ValidatorUser) {
    return { id, userId: user.id, name: user.name, avatar: user.avatar ?? null }
  }
}

/** spec: Requirement (ComplianceDocumentRequirement) */
export class ComplianceDocumentRequirementDto {
  static fromModel(requirement: ComplianceDocumentRequirement) {
    return {
      id: requirement.id,
      name: requirement.name,
      description: requirement.description ?? null,
      required: requirement.required,
      formats: requirement.formats,
    }
  }
}

/** spec: ComplianceStep */
export class ComplianceStepDto {
  static schedule(step: ComplianceStep) {
    return {
      frequency: step.frequency,
      dayStart: step.dayStart,
      dayEnd: step.dayEnd,
      monthStart: step.monthStart ?? null,
      monthEnd: step.monthEnd ?? null,
    }
  }

  static fromModel(step: ComplianceStep) {
    return {
      id: step.id,
      title: step.title,
      order: step.position,
      stepType: step.stepType,
      schedule: ComplianceStepDto.schedule(step),
      documents: step.documents.map((document) =>
        ComplianceDocumentRequirementDto.fromModel(document)
      ),
      platformDataTypes: step.platformDataTypes,
      validators: step.validators.map((validator) =>
        ComplianceValidatorDto.fromUser(validator.id, validator.user)
      ),
      dependsOnPrevious: step.dependsOnPrevious,
      includeImmediateLeadership: step.includeImmediateLeadership,
      onlyImmediateLeadershipRequired: step.onlyImmediateLeadershipRequired,
      allValidatorsRequired: step.allValidatorsRequired,
    }
  }
}

/** spec: ComplianceFlow */
export default class ComplianceFlowDto {
  static fromModel(flow: ComplianceFlow, attachedProviders: AttachedProviderRow[]) {
    return {
      id: flow.id,
      name: flow.name,
      description: flow.description ?? null,
      status: flow.status,
      steps: flow.steps.map((step) => ComplianceStepDto.fromModel(step)),
      attachedProviders,
      providersCount: flow.providersCount,
      createdAt: flow.createdAt.toISO()!,
      updatedAt: flow.updatedAt.toISO()!,
    }
  }

  /** Bodies of loaded flows with their attached providers (services/compliance/flows.ts) */
  static fromFlows(flows: ComplianceFlow[], attached: Map<string, AttachedProviderRow[]>) {
    return flows.map((flow) => ComplianceFlowDto.fromModel(flow, attached.get(flow.id) ?? []))
  }
}
