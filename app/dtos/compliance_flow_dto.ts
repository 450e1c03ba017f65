import { apiTimestampSql, field, jsonShape } from '#support/json_shape'
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

/** spec: ComplianceValidator over a row `p` (id, user_id, name, avatar); source {id, user} */
export const COMPLIANCE_VALIDATOR_SHAPE = jsonShape('ComplianceValidator', {
  id: field.uuid('p.id', {
    read: (validator: { id: string }) => validator.id,
    schema: { description: 'Validator record id (the user id for an immediate leader)' },
  }),
  userId: field.uuid('p.user_id', {
    read: (validator: { user: ValidatorUser }) => validator.user.id,
  }),
  name: field.text('p.name', { read: (validator: { user: ValidatorUser }) => validator.user.name }),
  avatar: field.textOrNull('p.avatar', {
    read: (validator: { user: ValidatorUser }) => validator.user.avatar,
  }),
})

/** The validators of the step `s` as rows `p` (COMPLIANCE_VALIDATOR_SHAPE) */
export const STEP_VALIDATOR_ROWS = `(SELECT v.id, u.id AS user_id, u.name, u.avatar
     FROM compliance_step_validators v JOIN users u ON u.id = v.user_id WHERE v.step_id = s.id) p`

/** spec: Requirement (ComplianceDocumentRequirement), a row `r` */
export const COMPLIANCE_REQUIREMENT_SHAPE = jsonShape('ComplianceDocumentRequirement', {
  id: field.uuid('r.id'),
  name: field.text('r.name'),
  description: field.textOrNull('r.description'),
  required: field.boolean('r.required'),
  formats: field.json<string[]>('r.formats', {
    read: (requirement: RequirementShape) => requirement.formats,
    schema: {
      type: 'array',
      items: {
        type: 'string',
        enum: ['.pdf', '.png', '.jpg', '.jpeg', '.doc', '.docx', '.xls', '.xlsx'],
      },
    },
  }),
})

/** The schedule of the step `s` */
export const COMPLIANCE_SCHEDULE_SHAPE = jsonShape('ComplianceSchedule', {
  frequency: field.code('s.frequency', {
    schema: { enum: ['weekly', 'biweekly', 'monthly', 'quarterly', 'custom'] },
  }),
  dayStart: field.number('s.day_start', { schema: { type: 'integer', minimum: 1, maximum: 31 } }),
  dayEnd: field.number('s.day_end', { schema: { type: 'integer', minimum: 1, maximum: 31 } }),
  monthStart: field.numberOrNull('s.month_start', {
    schema: { type: 'integer', minimum: 1, maximum: 12 },
  }),
  monthEnd: field.numberOrNull('s.month_end', {
    schema: { type: 'integer', minimum: 1, maximum: 12 },
  }),
})

const PLATFORM_DATA_TYPES_SCHEMA = {
  type: 'array',
  items: { type: 'string', enum: ['hours', 'activeContracts'] },
}

/** spec: ComplianceStep, the step `s` with its requirements and validators */
export const COMPLIANCE_STEP_SHAPE = jsonShape('ComplianceStep', {
  id: field.uuid('s.id'),
  title: field.text('s.title'),
  order: field.number('s.position', {
    read: (step: StepShape) => step.position,
    schema: { type: 'integer', minimum: 1 },
  }),
  stepType: field.code('s.step_type', { schema: { enum: ['documents', 'platformData'] } }),
  schedule: field.object(COMPLIANCE_SCHEDULE_SHAPE, { read: (step: StepShape) => step }),
  documents: field.array(COMPLIANCE_REQUIREMENT_SHAPE, {
    read: (step: StepShape) => step.documents,
    from: 'compliance_document_requirements r WHERE r.step_id = s.id',
    orderBy: 'r.position',
  }),
  platformDataTypes: field.json('s.platform_data_types', {
    read: (step: StepShape) => step.platformDataTypes,
    schema: PLATFORM_DATA_TYPES_SCHEMA,
  }),
  validators: field.array(COMPLIANCE_VALIDATOR_SHAPE, {
    read: (step: StepShape) => step.validators,
    from: STEP_VALIDATOR_ROWS,
    orderBy: 'p.id',
  }),
  dependsOnPrevious: field.boolean('s.depends_on_previous'),
  includeImmediateLeadership: field.boolean('s.include_immediate_leadership'),
  onlyImmediateLeadershipRequired: field.boolean('s.only_immediate_leadership_required'),
  allValidatorsRequired: field.boolean('s.all_validators_required'),
})

/** formatProviderDocument in SQL: '' when none, else a CNPJ or a CPF by the provider's type */
const providerDocumentSql = (type: string, document: string) => `CASE
    WHEN ${document} IS NULL OR ${document} = '' THEN ''
    WHEN ${type} = 'LEGAL_ENTITY' THEN ${formatDocumentSql('cnpj', document)}
    ELSE ${formatDocumentSql('cpf', document)} END`

/**
 * An attached provider (AttachedProviderRow) over the rows of
 * services/compliance/flows.ts `attachedRowsSql` (`a`, `c`, `pc`, `pu`)
 */
export const ATTACHED_PROVIDER_SHAPE = jsonShape('ComplianceAttachedProvider', {
  id: field.uuid('a.id', { schema: { description: 'The attachment (providerComplianceFlowId)' } }),
  providerId: field.uuid('a.provider_id'),
  name: field.text(`coalesce(pc.name, pu.name, '')`, {
    read: (row: AttachedProviderRow) => row.name,
  }),
  document: field.text(providerDocumentSql('a.provider_type', 'coalesce(pc.document, pu.cpf)'), {
    read: (row: AttachedProviderRow) => row.document,
    schema: { description: 'Formatted CNPJ (CPF for a natural person)' },
  }),
  contractId: field.uuidOrNull('a.contract_id'),
  contractName: field.textOrNull('c.name', {
    read: (row: AttachedProviderRow) => row.contractName,
  }),
  attachedAt: field.timestamp(`api_timestamp(a.attached_at, 'UTC', true)`, {
    read: (row: AttachedProviderRow) => row.attachedAt,
  }),
})

export const ATTACHED_PROVIDER_JSON_SQL = ATTACHED_PROVIDER_SHAPE.formatSql()

/**
 * spec: ComplianceFlow (+ attachedProvidersTruncated, decisions.md), the
 * flow `f`; in SQL its attached providers are given as a JSON array's text
 * (`{attached}`) and their number (`{attachedCount}`).
 */
export const COMPLIANCE_FLOW_SHAPE = jsonShape('ComplianceFlow', {
  id: field.uuid('f.id'),
  name: field.text('f.name'),
  description: field.textOrNull('f.description'),
  status: field.code<FlowStatus>('f.status', { schema: { enum: ['draft', 'active', 'archived'] } }),
  steps: field.array(COMPLIANCE_STEP_SHAPE, {
    read: (flow: FlowRow) => flow.steps,
    from: 'compliance_steps s WHERE s.flow_id = f.id',
    orderBy: 's.position',
  }),
  attachedProviders: field.array(ATTACHED_PROVIDER_SHAPE, {
    read: (flow: FlowRow) => flow.attachedProviders,
    text: '{attached}',
  }),
  providersCount: field.number('f.providers_count', {
    schema: { type: 'integer', description: 'Attached (not detached) providers, all of them' },
  }),
  attachedProvidersTruncated: field.boolean('{attachedCount} < f.providers_count', {
    read: (flow: FlowRow) => flow.attachedProviders.length < flow.providersCount,
    schema: {
      description:
        'True when `attachedProviders` is a slice (D1 embeds the 20 newest): `providersCount` says how many there are, GET /compliance-flows/{id}/providers pages through them all.',
    },
  }),
  createdAt: field.timestamp(apiTimestampSql('f.created_at'), {
    read: (flow: FlowRow) => flow.createdAt,
  }),
  updatedAt: field.timestamp(apiTimestampSql('f.updated_at'), {
    read: (flow: FlowRow) => flow.updatedAt,
  }),
})

export default class ComplianceFlowDto {
  static fromRow(flow: FlowRow) {
    return COMPLIANCE_FLOW_SHAPE.from(flow)
  }
}

/**
 * ComplianceFlowDto.fromRow as compact JSON text (format()) for the flow
 * `f`, given its attached providers' JSON array text and their number.
 * Named bindings `:dbZone`/`:dbZulu` (api_timestamp).
 */
export const complianceFlowJsonSql = (attached: string, attachedCount: string) =>
  COMPLIANCE_FLOW_SHAPE.formatSql({ attached, attachedCount })
