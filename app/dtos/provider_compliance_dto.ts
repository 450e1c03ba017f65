import type { DateTime } from 'luxon'
import { apiTimestampSql, field, jsonShape } from '#support/json_shape'
import type ProviderCompliance from '#models/provider_compliance'
import type StepCompliance from '#models/step_compliance'
import type StepComplianceDocument from '#models/step_compliance_document'
import { OPEN_STEP_STATUSES } from '#support/compliance'
import {
  COMPLIANCE_REQUIREMENT_SHAPE,
  COMPLIANCE_SCHEDULE_SHAPE,
  COMPLIANCE_VALIDATOR_SHAPE,
  STEP_VALIDATOR_ROWS,
  type StepShape,
  type ValidatorUser,
} from '#dtos/compliance_flow_dto'

/** A current document as the DTOs read it (a model, or a row of compliance_details) */
export type StepComplianceDocumentShape = Pick<
  StepComplianceDocument,
  | 'id'
  | 'stepComplianceId'
  | 'requirementId'
  | 'fileName'
  | 'filePath'
  | 'status'
  | 'rejectionReason'
  | 'sentAt'
  | 'reviewedAt'
>

/** A step compliance with its step and documents (services/compliance/compliance_details.ts) */
export type StepComplianceRow = Pick<
  StepCompliance,
  'id' | 'providerComplianceId' | 'status' | 'grantedDataTypes' | 'submittedAt' | 'reviewedAt'
> & { step: StepShape; documents: StepComplianceDocumentShape[] }

/** A document with what its body shows beyond the row */
interface DocumentSource {
  document: StepComplianceDocumentShape
  requirementName: string
  fileUrl: string
}

/**
 * The `fileUrl` PostgreSQL writes for a document: this prefix and the
 * document id, replaced by its signed URL in Node (signing is the storage
 * driver's job). See `fillFileUrls`.
 */
export const FILE_URL_MARKER = 'sign:'

/**
 * spec: StepComplianceDocument (+ rejectionReason, decisions.md); in SQL a
 * `document_rows` row `d` (PROVIDER_COMPLIANCE_STEP_CTES)
 */
const STEP_DOCUMENT_SHAPE = jsonShape('ComplianceStepDocument', {
  id: field.uuid('d.id', { read: (source: DocumentSource) => source.document.id }),
  stepComplianceId: field.uuid('d.step_compliance_id', {
    read: (source: DocumentSource) => source.document.stepComplianceId,
  }),
  documentRequirementId: field.uuid('d.requirement_id', {
    read: (source: DocumentSource) => source.document.requirementId,
  }),
  documentRequirementName: field.text(`coalesce(d.requirement_name, '')`, {
    read: (source: DocumentSource) => source.requirementName,
  }),
  fileName: field.text('d.file_name', {
    read: (source: DocumentSource) => source.document.fileName,
  }),
  fileUrl: field.code(`'${FILE_URL_MARKER}' || d.id`, {
    read: (source: DocumentSource) => source.fileUrl,
    schema: { description: 'Signed URL that expires' },
  }),
  status: field.code('d.status', {
    read: (source: DocumentSource) => source.document.status,
    schema: { enum: ['pending', 'approved', 'rejected'] },
  }),
  rejectionReason: field.textOrNull('d.rejection_reason', {
    read: (source: DocumentSource) => source.document.rejectionReason,
  }),
  sentAt: field.timestamp(apiTimestampSql('d.sent_at'), {
    read: (source: DocumentSource) => source.document.sentAt,
  }),
  reviewedAt: field.timestampOrNull(apiTimestampSql('d.reviewed_at'), {
    read: (source: DocumentSource) => source.document.reviewedAt,
  }),
})

export class StepComplianceDocumentDto {
  static fromModel(
    document: StepComplianceDocumentShape,
    requirementName: string,
    fileUrl: string
  ) {
    return STEP_DOCUMENT_SHAPE.from({ document, requirementName, fileUrl })
  }
}

/** What a platformData step shows its validators (only the granted types) */
export interface PlatformData {
  hours?: { totalMinutes: number; totalHours: number }
  activeContracts?: {
    contractId: string
    contractName: string
    startDate: string | null
    endDate: string | null
  }[]
}

export interface StepView {
  validators: { id: string; user: ValidatorUser }[]
  fileUrls: Map<string, string>
  submissionDeadline: DateTime
  isSubmissionOpen: boolean
  platformData: PlatformData | null
}

/** A step compliance with what its body shows beyond the row */
export interface StepDetail {
  stepCompliance: StepComplianceRow
  view: StepView
}

/** A document of a step compliance with its requirement's name and signed URL */
function documentSources({ stepCompliance, view }: StepDetail): DocumentSource[] {
  const names = new Map(stepCompliance.step.documents.map((item) => [item.id, item.name]))
  return stepCompliance.documents.map((document) => ({
    document,
    requirementName: names.get(document.requirementId) ?? '',
    fileUrl: view.fileUrls.get(document.id) ?? '',
  }))
}

const PLATFORM_DATA_TYPES_SCHEMA = {
  type: 'array',
  items: { type: 'string', enum: ['hours', 'activeContracts'] },
}

/**
 * spec: StepCompliance (+ grantedDataTypes and platformData, decisions.md).
 * In SQL (PROVIDER_COMPLIANCE_STEP_CTES) a `step_rows` row `r` with its
 * `steps` row `s`, `documents` row `docs` and `windows` row `w`;
 * platformData null (C1/C2 show no granted data).
 */
const STEP_COMPLIANCE_SHAPE = jsonShape('ComplianceStepCompliance', {
  id: field.uuid('r.id', { read: (detail: StepDetail) => detail.stepCompliance.id }),
  complianceStepId: field.uuid('s.id', {
    read: (detail: StepDetail) => detail.stepCompliance.step.id,
  }),
  title: field.text('s.title', { read: (detail: StepDetail) => detail.stepCompliance.step.title }),
  order: field.number('s.position', {
    read: (detail: StepDetail) => detail.stepCompliance.step.position,
    schema: { type: 'integer' },
  }),
  stepType: field.code('s.step_type', {
    read: (detail: StepDetail) => detail.stepCompliance.step.stepType,
    schema: { enum: ['documents', 'platformData'] },
  }),
  status: field.code('r.status', {
    read: (detail: StepDetail) => detail.stepCompliance.status,
    schema: { enum: ['pending', 'in_progress', 'submitted', 'approved', 'rejected', 'blocked'] },
  }),
  schedule: field.object(COMPLIANCE_SCHEDULE_SHAPE, {
    read: (detail: StepDetail) => detail.stepCompliance.step,
    text: 's.schedule',
  }),
  documents: field.array(STEP_DOCUMENT_SHAPE, {
    read: documentSources,
    text: `coalesce(docs.list, '[]')`,
  }),
  requiredDocuments: field.array(COMPLIANCE_REQUIREMENT_SHAPE, {
    read: (detail: StepDetail) => detail.stepCompliance.step.documents,
    text: 's.required_documents',
  }),
  platformDataTypes: field.json('s.platform_data_types', {
    read: (detail: StepDetail) => detail.stepCompliance.step.platformDataTypes,
    schema: PLATFORM_DATA_TYPES_SCHEMA,
  }),
  grantedDataTypes: field.json('r.granted_data_types', {
    read: (detail: StepDetail) => detail.stepCompliance.grantedDataTypes,
    schema: PLATFORM_DATA_TYPES_SCHEMA,
  }),
  platformData: field.jsonOrNull<PlatformData>('NULL', {
    read: (detail: StepDetail) => detail.view.platformData,
    schema: { $ref: '#/components/schemas/CompliancePlatformData' },
  }),
  validators: field.array(COMPLIANCE_VALIDATOR_SHAPE, {
    read: (detail: StepDetail) => detail.view.validators,
    text: `CASE WHEN NOT s.include_immediate_leadership THEN s.validators
                ELSE ${COMPLIANCE_VALIDATOR_SHAPE.arraySql(
                  `(SELECT v.id, u.id AS user_id, u.name, u.avatar, 0 AS rank, v.id AS sort
                      FROM compliance_step_validators v JOIN users u ON u.id = v.user_id
                     WHERE v.step_id = s.id
                    UNION ALL
                    SELECT u.id, u.id, u.name, u.avatar, 1, u.id
                      FROM provider_compliance_flow_leaderships l JOIN users u ON u.id = l.user_id
                     WHERE l.provider_compliance_flow_id = r.provider_compliance_flow_id
                       AND l.step_id = s.id
                       AND NOT EXISTS (SELECT 1 FROM compliance_step_validators v
                                        WHERE v.step_id = s.id AND v.user_id = l.user_id)) p`,
                  'p.rank, p.sort'
                )} END`,
  }),
  dependsOnPrevious: field.boolean('s.depends_on_previous', {
    read: (detail: StepDetail) => detail.stepCompliance.step.dependsOnPrevious,
  }),
  submissionDeadline: field.timestamp('w.deadline', {
    read: (detail: StepDetail) => detail.view.submissionDeadline,
  }),
  isSubmissionOpen: field.boolean(
    `r.status IN (${OPEN_STEP_STATUSES.map((status) => `'${status}'`).join(', ')})
       AND w.window_start <= :today AND :today <= w.window_end`,
    { read: (detail: StepDetail) => detail.view.isSubmissionOpen }
  ),
  submittedAt: field.timestampOrNull(apiTimestampSql('r.submitted_at'), {
    read: (detail: StepDetail) => detail.stepCompliance.submittedAt,
  }),
  reviewedAt: field.timestampOrNull(apiTimestampSql('r.reviewed_at'), {
    read: (detail: StepDetail) => detail.stepCompliance.reviewedAt,
  }),
})

/** A compliance with the details of its steps */
interface ComplianceSource {
  compliance: ProviderCompliance
  steps: StepDetail[]
}

/**
 * spec: ProviderCompliance; in SQL a `page` row `pc` (with `flow_name`)
 * and its `step_json` row `sj` (LEFT JOINed: no steps when NULL)
 */
export const PROVIDER_COMPLIANCE_SHAPE = jsonShape('ComplianceProviderCompliance', {
  id: field.uuid('pc.id', { read: (source: ComplianceSource) => source.compliance.id }),
  providerId: field.uuid('pc.provider_id', {
    read: (source: ComplianceSource) => source.compliance.providerId,
  }),
  providerComplianceFlowId: field.uuid('pc.provider_compliance_flow_id', {
    read: (source: ComplianceSource) => source.compliance.providerComplianceFlowId,
  }),
  complianceFlowId: field.uuid('pc.flow_id', {
    read: (source: ComplianceSource) => source.compliance.flowId,
  }),
  complianceFlowName: field.text('pc.flow_name', {
    read: (source: ComplianceSource) => source.compliance.flow.name,
  }),
  month: field.number('pc.month', {
    read: (source: ComplianceSource) => source.compliance.month,
    schema: { type: 'integer', minimum: 1, maximum: 12 },
  }),
  year: field.number('pc.year', {
    read: (source: ComplianceSource) => source.compliance.year,
    schema: { type: 'integer' },
  }),
  status: field.code('pc.status', {
    read: (source: ComplianceSource) => source.compliance.status,
    schema: { enum: ['pending', 'sent', 'approved', 'rejected'] },
  }),
  steps: field.array(STEP_COMPLIANCE_SHAPE, {
    read: (source: ComplianceSource) => source.steps,
    text: `coalesce(sj.steps, '[]')`,
  }),
  submittedAt: field.timestampOrNull(apiTimestampSql('pc.submitted_at'), {
    read: (source: ComplianceSource) => source.compliance.submittedAt,
  }),
  reviewedAt: field.timestampOrNull(apiTimestampSql('pc.reviewed_at'), {
    read: (source: ComplianceSource) => source.compliance.reviewedAt,
  }),
})

export default class ProviderComplianceDto {
  /** Bodies of loaded compliances with their step details (services/compliance/compliance_details.ts) */
  static fromDetails(compliances: ProviderCompliance[], details: Map<string, StepDetail[]>) {
    return compliances.map((compliance) =>
      PROVIDER_COMPLIANCE_SHAPE.from({ compliance, steps: details.get(compliance.id) ?? [] })
    )
  }
}

/**
 * The marker as it appears in PostgreSQL's JSON text (format() writes the
 * compact `"key":value` of PROVIDER_COMPLIANCE_STEP_CTES)
 */
const FILE_URL_IN_JSON = new RegExp(`"fileUrl":"${FILE_URL_MARKER}([0-9a-f-]{36})"`, 'g')

/**
 * Puts the signed URLs (document id -> URL) in a JSON text built with
 * `PROVIDER_COMPLIANCE_JSON_SQL`. Only the key `fileUrl` followed by its
 * own colon is matched: inside a JSON string every `"` is escaped, so user
 * text cannot forge it.
 */
export function fillFileUrls(json: string, urls: Map<string, string>) {
  if (!urls.size) return json
  return json.replace(
    FILE_URL_IN_JSON,
    (_, id: string) => `"fileUrl":${JSON.stringify(urls.get(id) ?? '')}`
  )
}

/**
 * ProviderComplianceDto.fromModel with its StepComplianceDto steps (platformData
 * null: C1/C2 show no granted data) built by PostgreSQL, as the common table
 * expressions that follow a CTE `page` of compliances (the columns of
 * provider_compliances C1 selects, and `flow_name`): `step_rows` (their step
 * compliances), `steps` (each step of the page ONCE with what does not depend on
 * the compliance: schedule, requirements, validators), `windows` (each step
 * schedule's submission window ONCE per month of the page: what
 * compliance_submission_window() costs is per schedule and month, not per row),
 * `document_rows`/`documents` (the current documents, grouped per step compliance)
 * and `step_json` (each compliance's steps as a JSON array). One grouped pass
 * over the page's rows instead of correlated sub-selects per step compliance.
 * `PROVIDER_COMPLIANCE_JSON_SQL` is then one compliance `pc` (a `page`
 * row) with its steps `sj` (a `step_json` row, LEFT JOINed: none when NULL).
 * Same keys, order, nulls and timestamps as the DTOs (api_timestamp prints what
 * Luxon's toISO prints): the lists send it as text, no model, no Luxon, no
 * JSON.parse in Node. The JSON is written as compact text by format() (about
 * half the cost of json_build_object): text through to_json (escaped),
 * uuids, codes and timestamps quoted as they are, jsonb as its text, every
 * nullable value null-checked (a NULL in `%s` prints nothing).
 * Named bindings: `:zone`/`:zulu`, the company time zone (submission windows,
 * compliance_submission_window); `:dbZone`/`:dbZulu`, the zone Lucid's
 * DateTimes print in; `:today`, the clock's now.
 * tests/functional/compliance/list_json_sql.spec.ts compares it with C3.
 */
export const PROVIDER_COMPLIANCE_STEP_CTES = `
  step_rows AS MATERIALIZED (
    SELECT sc.id, sc.provider_compliance_id, sc.step_id, sc.status, sc.granted_data_types,
           sc.submitted_at, sc.reviewed_at, p.year, p.month, p.provider_compliance_flow_id
      FROM page p JOIN step_compliances sc ON sc.provider_compliance_id = p.id),
  steps AS MATERIALIZED (
    SELECT s.id, s.title, s.position, s.step_type, s.frequency, s.day_start, s.day_end,
           s.platform_data_types, s.depends_on_previous, s.include_immediate_leadership,
           ${COMPLIANCE_SCHEDULE_SHAPE.formatSql()} AS schedule,
           ${COMPLIANCE_REQUIREMENT_SHAPE.arraySql(
             'compliance_document_requirements r WHERE r.step_id = s.id',
             'r.position'
           )} AS required_documents,
           ${COMPLIANCE_VALIDATOR_SHAPE.arraySql(STEP_VALIDATOR_ROWS, 'p.id')} AS validators
      FROM compliance_steps s WHERE s.id IN (SELECT step_id FROM step_rows)),
  windows AS MATERIALIZED (
    SELECT k.frequency, k.day_start, k.day_end, k.year, k.month, w.window_start, w.window_end,
           api_timestamp(w.window_end, :zone, :zulu) AS deadline
      FROM (SELECT DISTINCT s.frequency, s.day_start, s.day_end, r.year, r.month
              FROM step_rows r JOIN steps s ON s.id = r.step_id) k
     CROSS JOIN LATERAL compliance_submission_window(
       k.frequency, k.day_start, k.day_end, k.year, k.month, :zone, :today) w),
  document_rows AS MATERIALIZED (
    SELECT d.id, d.step_compliance_id, d.requirement_id, d.file_name, d.file_path, d.status,
           d.rejection_reason, d.sent_at, d.reviewed_at, dr.name AS requirement_name
      FROM step_rows r
      JOIN step_compliance_documents d ON d.step_compliance_id = r.id
      LEFT JOIN compliance_document_requirements dr
             ON dr.id = d.requirement_id AND dr.step_id = r.step_id),
  documents AS (
    SELECT d.step_compliance_id,
           '[' || string_agg(${STEP_DOCUMENT_SHAPE.formatSql()}, ',' ORDER BY d.sent_at) || ']' AS list
      FROM document_rows d GROUP BY d.step_compliance_id),
  step_json AS (
    SELECT r.provider_compliance_id,
           '[' || string_agg(${STEP_COMPLIANCE_SHAPE.formatSql()}, ',' ORDER BY s.position, r.id) || ']' AS steps
      FROM step_rows r
      JOIN steps s ON s.id = r.step_id
      JOIN windows w ON w.frequency = s.frequency AND w.day_start = s.day_start
                    AND w.day_end = s.day_end AND w.year = r.year AND w.month = r.month
      LEFT JOIN documents docs ON docs.step_compliance_id = r.id
     GROUP BY r.provider_compliance_id)`

/** One compliance (see PROVIDER_COMPLIANCE_STEP_CTES): `pc` a `page` row, `sj` its `step_json` row */
export const PROVIDER_COMPLIANCE_JSON_SQL = PROVIDER_COMPLIANCE_SHAPE.formatSql()
