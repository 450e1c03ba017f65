import { jsonArraySql, jsonQuotedOrNullSql, jsonTextOrNullSql } from '#support/json_text'
import type { DateTime } from 'luxon'
import type ProviderCompliance from '#models/provider_compliance'
import type StepCompliance from '#models/step_compliance'
import type StepComplianceDocument from '#models/step_compliance_document'
import { OPEN_STEP_STATUSES } from '#support/compliance'
import {
  ComplianceDocumentRequirementDto,
  ComplianceStepDto,
  ComplianceValidatorDto,
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

/** spec: StepComplianceDocument (+ rejectionReason, decisions.md) */
export class StepComplianceDocumentDto {
  static fromModel(
    document: StepComplianceDocumentShape,
    requirementName: string,
    fileUrl: string
  ) {
    return {
      id: document.id,
      stepComplianceId: document.stepComplianceId,
      documentRequirementId: document.requirementId,
      documentRequirementName: requirementName,
      fileName: document.fileName,
      fileUrl,
      status: document.status,
      rejectionReason: document.rejectionReason ?? null,
      sentAt: document.sentAt.toISO()!,
      reviewedAt: document.reviewedAt?.toISO() ?? null,
    }
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

/** spec: StepCompliance (+ grantedDataTypes and platformData, decisions.md) */
export class StepComplianceDto {
  static fromModel(stepCompliance: StepComplianceRow, view: StepView) {
    const step = stepCompliance.step
    const names = new Map(step.documents.map((requirement) => [requirement.id, requirement.name]))
    return {
      id: stepCompliance.id,
      complianceStepId: step.id,
      title: step.title,
      order: step.position,
      stepType: step.stepType,
      status: stepCompliance.status,
      schedule: {
        frequency: step.frequency,
        dayStart: step.dayStart,
        dayEnd: step.dayEnd,
        monthStart: ComplianceStepDto.schedule(step).monthStart,
        monthEnd: ComplianceStepDto.schedule(step).monthEnd,
      },
      documents: stepCompliance.documents.map((document) =>
        StepComplianceDocumentDto.fromModel(
          document,
          names.get(document.requirementId) ?? '',
          view.fileUrls.get(document.id) ?? ''
        )
      ),
      requiredDocuments: step.documents.map((requirement) =>
        ComplianceDocumentRequirementDto.fromModel(requirement)
      ),
      platformDataTypes: step.platformDataTypes,
      grantedDataTypes: stepCompliance.grantedDataTypes,
      platformData: view.platformData,
      validators: view.validators.map(({ id, user }) => ComplianceValidatorDto.fromUser(id, user)),
      dependsOnPrevious: step.dependsOnPrevious,
      submissionDeadline: view.submissionDeadline.toISO()!,
      isSubmissionOpen: view.isSubmissionOpen,
      submittedAt: stepCompliance.submittedAt?.toISO() ?? null,
      reviewedAt: stepCompliance.reviewedAt?.toISO() ?? null,
    }
  }
}

type StepBody = ReturnType<typeof StepComplianceDto.fromModel>

/** A step compliance with what its body shows beyond the row */
export interface StepDetail {
  stepCompliance: StepComplianceRow
  view: StepView
}

/** spec: ProviderCompliance */
export default class ProviderComplianceDto {
  static fromModel(compliance: ProviderCompliance, steps: StepBody[]) {
    return {
      id: compliance.id,
      providerId: compliance.providerId,
      providerComplianceFlowId: compliance.providerComplianceFlowId,
      complianceFlowId: compliance.flowId,
      complianceFlowName: compliance.flow.name,
      month: compliance.month,
      year: compliance.year,
      status: compliance.status,
      steps,
      submittedAt: compliance.submittedAt?.toISO() ?? null,
      reviewedAt: compliance.reviewedAt?.toISO() ?? null,
    }
  }

  /** Bodies of loaded compliances with their step details (services/compliance/compliance_details.ts) */
  static fromDetails(compliances: ProviderCompliance[], details: Map<string, StepDetail[]>) {
    return compliances.map((compliance) =>
      ProviderComplianceDto.fromModel(
        compliance,
        (details.get(compliance.id) ?? []).map(({ stepCompliance, view }) =>
          StepComplianceDto.fromModel(stepCompliance, view)
        )
      )
    )
  }
}

/**
 * The `fileUrl` PostgreSQL writes for a document: this prefix and the
 * document id, replaced by its signed URL in Node (signing is the storage
 * driver's job). See `PROVIDER_COMPLIANCE_JSON_SQL`.
 */
export const FILE_URL_MARKER = 'sign:'

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

/** A validator (ComplianceValidatorDto.fromUser) as JSON text */
const validatorJson = (id: string, userId: string, name: string, avatar: string) =>
  `format('{"id":"%s","userId":"%s","name":%s,"avatar":%s}', ${id}, ${userId}, to_json(${name}), ${jsonTextOrNullSql(avatar)})`

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
           format('{"frequency":"%s","dayStart":%s,"dayEnd":%s,"monthStart":%s,"monthEnd":%s}',
             s.frequency, s.day_start, s.day_end,
             coalesce(s.month_start::text, 'null'), coalesce(s.month_end::text, 'null')) AS schedule,
           (SELECT ${jsonArraySql(`string_agg(format('{"id":"%s","name":%s,"description":%s,"required":%s,"formats":%s}',
                      r.id, to_json(r.name), ${jsonTextOrNullSql('r.description')}, r.required::text,
                      r.formats::text), ',' ORDER BY r.position)`)}
              FROM compliance_document_requirements r WHERE r.step_id = s.id) AS required_documents,
           (SELECT ${jsonArraySql(`string_agg(${validatorJson('v.id', 'u.id', 'u.name', 'u.avatar')}, ',' ORDER BY v.id)`)}
              FROM compliance_step_validators v JOIN users u ON u.id = v.user_id
             WHERE v.step_id = s.id) AS validators
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
    SELECT d.step_compliance_id, ${jsonArraySql(`string_agg(format(
             '{"id":"%s","stepComplianceId":"%s","documentRequirementId":"%s","documentRequirementName":%s,"fileName":%s,"fileUrl":"${FILE_URL_MARKER}%s","status":"%s","rejectionReason":%s,"sentAt":"%s","reviewedAt":%s}',
             d.id, d.step_compliance_id, d.requirement_id,
             to_json(coalesce(d.requirement_name, '')), to_json(d.file_name), d.id, d.status,
             ${jsonTextOrNullSql('d.rejection_reason')},
             api_timestamp(d.sent_at, :dbZone, :dbZulu),
             ${jsonQuotedOrNullSql('api_timestamp(d.reviewed_at, :dbZone, :dbZulu)')}),
             ',' ORDER BY d.sent_at)`)} AS list
      FROM document_rows d GROUP BY d.step_compliance_id),
  step_json AS (
    SELECT r.provider_compliance_id, ${jsonArraySql(`string_agg(format(
             '{"id":"%s","complianceStepId":"%s","title":%s,"order":%s,"stepType":"%s","status":"%s","schedule":%s,"documents":%s,"requiredDocuments":%s,"platformDataTypes":%s,"grantedDataTypes":%s,"platformData":null,"validators":%s,"dependsOnPrevious":%s,"submissionDeadline":%s,"isSubmissionOpen":%s,"submittedAt":%s,"reviewedAt":%s}',
             r.id, s.id, to_json(s.title), s.position, s.step_type, r.status,
             s.schedule,
             coalesce(docs.list, '[]'),
             s.required_documents,
             s.platform_data_types::text,
             r.granted_data_types::text,
             CASE WHEN NOT s.include_immediate_leadership THEN s.validators ELSE (
               SELECT ${jsonArraySql(`string_agg(${validatorJson('p.id', 'p.user_id', 'p.name', 'p.avatar')}, ',' ORDER BY p.rank, p.sort)`)}
                 FROM (SELECT v.id, u.id AS user_id, u.name, u.avatar, 0 AS rank, v.id AS sort
                         FROM compliance_step_validators v JOIN users u ON u.id = v.user_id
                        WHERE v.step_id = s.id
                       UNION ALL
                       SELECT u.id, u.id, u.name, u.avatar, 1, u.id
                         FROM provider_compliance_flow_leaderships l JOIN users u ON u.id = l.user_id
                        WHERE l.provider_compliance_flow_id = r.provider_compliance_flow_id
                          AND l.step_id = s.id
                          AND NOT EXISTS (SELECT 1 FROM compliance_step_validators v
                                           WHERE v.step_id = s.id AND v.user_id = l.user_id)) p)
             END,
             s.depends_on_previous::text,
             ${jsonQuotedOrNullSql('w.deadline')},
             coalesce((r.status IN (${OPEN_STEP_STATUSES.map((status) => `'${status}'`).join(', ')})
                       AND w.window_start <= :today AND :today <= w.window_end)::text, 'null'),
             ${jsonQuotedOrNullSql('api_timestamp(r.submitted_at, :dbZone, :dbZulu)')},
             ${jsonQuotedOrNullSql('api_timestamp(r.reviewed_at, :dbZone, :dbZulu)')}),
             ',' ORDER BY s.position, r.id)`)} AS steps
      FROM step_rows r
      JOIN steps s ON s.id = r.step_id
      JOIN windows w ON w.frequency = s.frequency AND w.day_start = s.day_start
                    AND w.day_end = s.day_end AND w.year = r.year AND w.month = r.month
      LEFT JOIN documents docs ON docs.step_compliance_id = r.id
     GROUP BY r.provider_compliance_id)`

/** One compliance (see PROVIDER_COMPLIANCE_STEP_CTES): `pc` a `page` row, `sj` its `step_json` row */
export const PROVIDER_COMPLIANCE_JSON_SQL = `format(
  '{"id":"%s","providerId":"%s","providerComplianceFlowId":"%s","complianceFlowId":"%s","complianceFlowName":%s,"month":%s,"year":%s,"status":"%s","steps":%s,"submittedAt":%s,"reviewedAt":%s}',
  pc.id, pc.provider_id, pc.provider_compliance_flow_id, pc.flow_id, to_json(pc.flow_name),
  pc.month, pc.year, pc.status, coalesce(sj.steps, '[]'),
  ${jsonQuotedOrNullSql('api_timestamp(pc.submitted_at, :dbZone, :dbZulu)')},
  ${jsonQuotedOrNullSql('api_timestamp(pc.reviewed_at, :dbZone, :dbZulu)')})`
