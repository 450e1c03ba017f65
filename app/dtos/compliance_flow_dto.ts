import type { DateTime } from 'luxon'
import type ComplianceStep from '#models/compliance_step'
import type ComplianceDocumentRequirement from '#models/compliance_document_requirement'
import type { FlowStatus } from '#support/compliance'

export interface ValidatorUser {
  id: string
  name: string
  avatar: string | null
}

/** A requirement as the DTOs read it (a model, or a row of services/compliance/flows.ts) */
export type RequirementShape = Pick<
  ComplianceDocumentRequirement,
  'id' | 'name' | 'description' | 'required' | 'formats'
>

/** A step with its requirements and validators (a preloaded model, or a JSON row) */
export type StepShape = Pick<
  ComplianceStep,
  | 'id'
  | 'position'
  | 'title'
  | 'stepType'
  | 'frequency'
  | 'dayStart'
  | 'dayEnd'
  | 'monthStart'
  | 'monthEnd'
  | 'platformDataTypes'
  | 'dependsOnPrevious'
  | 'includeImmediateLeadership'
  | 'onlyImmediateLeadershipRequired'
  | 'allValidatorsRequired'
> & {
  documents: RequirementShape[]
  validators: { id: string; userId: string; user: ValidatorUser }[]
}

/** A flow as services/compliance/flows.ts reads it */
export interface FlowRow {
  id: string
  name: string
  description: string | null
  status: FlowStatus
  providersCount: number
  createdAt: DateTime
  updatedAt: DateTime
  steps: StepShape[]
  attachedProviders: AttachedProviderRow[]
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
  static fromModel(requirement: RequirementShape) {
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
  static schedule(step: StepShape) {
    return {
      frequency: step.frequency,
      dayStart: step.dayStart,
      dayEnd: step.dayEnd,
      monthStart: step.monthStart ?? null,
      monthEnd: step.monthEnd ?? null,
    }
  }

  static fromModel(step: StepShape) {
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

/** spec: ComplianceFlow (+ attachedProvidersTruncated, decisions.md) */
export default class ComplianceFlowDto {
  static fromRow(flow: FlowRow) {
    return {
      id: flow.id,
      name: flow.name,
      description: flow.description ?? null,
      status: flow.status,
      steps: flow.steps.map((step) => ComplianceStepDto.fromModel(step)),
      attachedProviders: flow.attachedProviders,
      providersCount: flow.providersCount,
      /** D1 embeds a slice: true when providersCount holds more than attachedProviders */
      attachedProvidersTruncated: flow.attachedProviders.length < flow.providersCount,
      createdAt: flow.createdAt.toISO()!,
      updatedAt: flow.updatedAt.toISO()!,
    }
  }

  static fromRows(flows: FlowRow[]) {
    return flows.map((flow) => ComplianceFlowDto.fromRow(flow))
  }
}
