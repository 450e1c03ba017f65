import { formatDocumentSql } from '#support/documents'
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

/**
 * ComplianceStepDto.fromModel built by PostgreSQL for the step `s` (D1
 * sends its body as JSON text, #12). Same keys, order and nulls.
 */
export const COMPLIANCE_STEP_JSON_SQL = `json_build_object(
  'id', s.id, 'title', s.title, 'order', s.position, 'stepType', s.step_type,
  'schedule', json_build_object(
    'frequency', s.frequency, 'dayStart', s.day_start, 'dayEnd', s.day_end,
    'monthStart', s.month_start, 'monthEnd', s.month_end),
  'documents', (SELECT coalesce(json_agg(json_build_object(
                  'id', r.id, 'name', r.name, 'description', r.description,
                  'required', r.required, 'formats', r.formats) ORDER BY r.position), '[]'::json)
                 FROM compliance_document_requirements r WHERE r.step_id = s.id),
  'platformDataTypes', s.platform_data_types,
  'validators', (SELECT coalesce(json_agg(json_build_object(
                   'id', v.id, 'userId', u.id, 'name', u.name, 'avatar', u.avatar)
                   ORDER BY v.id), '[]'::json)
                  FROM compliance_step_validators v JOIN users u ON u.id = v.user_id
                 WHERE v.step_id = s.id),
  'dependsOnPrevious', s.depends_on_previous,
  'includeImmediateLeadership', s.include_immediate_leadership,
  'onlyImmediateLeadershipRequired', s.only_immediate_leadership_required,
  'allValidatorsRequired', s.all_validators_required)`

/** formatProviderDocument in SQL: '' when none, else a CNPJ or a CPF by the provider's type */
const providerDocumentSql = (type: string, document: string) => `CASE
    WHEN ${document} IS NULL OR ${document} = '' THEN ''
    WHEN ${type} = 'LEGAL_ENTITY' THEN ${formatDocumentSql('cnpj', document)}
    ELSE ${formatDocumentSql('cpf', document)} END`

/**
 * An attached provider (AttachedProviderRow) built by PostgreSQL from the
 * rows of services/compliance/flows.ts `attachedRowsSql` (`a`, `c`, `pc`, `pu`).
 */
export const ATTACHED_PROVIDER_JSON_SQL = `json_build_object(
  'id', a.id, 'providerId', a.provider_id, 'name', coalesce(pc.name, pu.name, ''),
  'document', ${providerDocumentSql('a.provider_type', 'coalesce(pc.document, pu.cpf)')},
  'contractId', a.contract_id, 'contractName', c.name,
  'attachedAt', api_timestamp(a.attached_at, 'UTC', true))`

/**
 * ComplianceFlowDto.fromRow built by PostgreSQL for the flow `f`, given its
 * attached providers as a JSON array (`attached`) and their number
 * (`attachedCount`). Named bindings `:dbZone`/`:dbZulu`: the zone Lucid's
 * DateTimes print in (api_timestamp).
 */
export const complianceFlowJsonSql = (
  attached: string,
  attachedCount: string
) => `json_build_object(
  'id', f.id, 'name', f.name, 'description', f.description, 'status', f.status,
  'steps', (SELECT coalesce(json_agg(${COMPLIANCE_STEP_JSON_SQL} ORDER BY s.position), '[]'::json)
              FROM compliance_steps s WHERE s.flow_id = f.id),
  'attachedProviders', ${attached},
  'providersCount', f.providers_count,
  'attachedProvidersTruncated', ${attachedCount} < f.providers_count,
  'createdAt', api_timestamp(f.created_at, :dbZone, :dbZulu),
  'updatedAt', api_timestamp(f.updated_at, :dbZone, :dbZulu))`
