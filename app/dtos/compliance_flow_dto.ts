import {
  jsonArraySql,
  jsonBoolSql,
  jsonQuotedOrNullSql,
  jsonRawOrNullSql,
  jsonTextOrNullSql,
} from '#support/json_text'
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
 * ComplianceStepDto.fromModel written by PostgreSQL for the step `s` (D1
 * sends its body as JSON text): the same keys in the same order and
 * the same compact text as JSON.stringify, by format() (about half the
 * cost of json_build_object, as ContractDto.recordJsonSql). Text through
 * to_json (escaped), uuids and codes quoted as they are, jsonb as its
 * text, every nullable value null-checked (a NULL in `%s` prints nothing).
 */
export const COMPLIANCE_STEP_JSON_SQL = `format(
  '{"id":"%s","title":%s,"order":%s,"stepType":"%s","schedule":{"frequency":"%s","dayStart":%s,"dayEnd":%s,"monthStart":%s,"monthEnd":%s},"documents":%s,"platformDataTypes":%s,"validators":%s,"dependsOnPrevious":%s,"includeImmediateLeadership":%s,"onlyImmediateLeadershipRequired":%s,"allValidatorsRequired":%s}',
  s.id, to_json(s.title), s.position, s.step_type,
  s.frequency, s.day_start, s.day_end,
  ${jsonRawOrNullSql('s.month_start')}, ${jsonRawOrNullSql('s.month_end')},
  (SELECT ${jsonArraySql(`string_agg(format('{"id":"%s","name":%s,"description":%s,"required":%s,"formats":%s}',
                  r.id, to_json(r.name), ${jsonTextOrNullSql('r.description')},
                  ${jsonBoolSql('r.required')}, r.formats::text), ',' ORDER BY r.position)`)}
     FROM compliance_document_requirements r WHERE r.step_id = s.id),
  s.platform_data_types::text,
  (SELECT ${jsonArraySql(`string_agg(format('{"id":"%s","userId":"%s","name":%s,"avatar":%s}',
                  v.id, u.id, to_json(u.name), ${jsonTextOrNullSql('u.avatar')}), ',' ORDER BY v.id)`)}
     FROM compliance_step_validators v JOIN users u ON u.id = v.user_id
    WHERE v.step_id = s.id),
  ${jsonBoolSql('s.depends_on_previous')},
  ${jsonBoolSql('s.include_immediate_leadership')},
  ${jsonBoolSql('s.only_immediate_leadership_required')},
  ${jsonBoolSql('s.all_validators_required')})`

/** formatProviderDocument in SQL: '' when none, else a CNPJ or a CPF by the provider's type */
const providerDocumentSql = (type: string, document: string) => `CASE
    WHEN ${document} IS NULL OR ${document} = '' THEN ''
    WHEN ${type} = 'LEGAL_ENTITY' THEN ${formatDocumentSql('cnpj', document)}
    ELSE ${formatDocumentSql('cpf', document)} END`

/**
 * An attached provider (AttachedProviderRow) written as JSON text by
 * PostgreSQL from the rows of services/compliance/flows.ts `attachedRowsSql`
 * (`a`, `c`, `pc`, `pu`), as COMPLIANCE_STEP_JSON_SQL.
 */
export const ATTACHED_PROVIDER_JSON_SQL = `format(
  '{"id":"%s","providerId":"%s","name":%s,"document":%s,"contractId":%s,"contractName":%s,"attachedAt":"%s"}',
  a.id, a.provider_id, to_json(coalesce(pc.name, pu.name, '')),
  to_json(${providerDocumentSql('a.provider_type', 'coalesce(pc.document, pu.cpf)')}),
  ${jsonQuotedOrNullSql('a.contract_id')}, ${jsonTextOrNullSql('c.name')},
  api_timestamp(a.attached_at, 'UTC', true))`

/**
 * ComplianceFlowDto.fromRow written as JSON text by PostgreSQL for the flow
 * `f` (as COMPLIANCE_STEP_JSON_SQL), given its attached providers as a JSON
 * array's text (`attached`) and their number (`attachedCount`). Named
 * bindings `:dbZone`/`:dbZulu`: the zone Lucid's DateTimes print in
 * (api_timestamp).
 */
export const complianceFlowJsonSql = (attached: string, attachedCount: string) => `format(
  '{"id":"%s","name":%s,"description":%s,"status":"%s","steps":%s,"attachedProviders":%s,"providersCount":%s,"attachedProvidersTruncated":%s,"createdAt":"%s","updatedAt":"%s"}',
  f.id, to_json(f.name), ${jsonTextOrNullSql('f.description')}, f.status,
  (SELECT ${jsonArraySql(`string_agg(${COMPLIANCE_STEP_JSON_SQL}, ',' ORDER BY s.position)`)}
     FROM compliance_steps s WHERE s.flow_id = f.id),
  ${attached}, f.providers_count, ${jsonBoolSql(`${attachedCount} < f.providers_count`)},
  api_timestamp(f.created_at, :dbZone, :dbZulu),
  api_timestamp(f.updated_at, :dbZone, :dbZulu))`
