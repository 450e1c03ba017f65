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

/** The marker as it appears in PostgreSQL's JSON text (json_build_object writes `"key" : value`) */
const FILE_URL_IN_JSON = new RegExp(`"fileUrl" : "${FILE_URL_MARKER}([0-9a-f-]{36})"`, 'g')

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
    (_, id: string) => `"fileUrl" : ${JSON.stringify(urls.get(id) ?? '')}`
  )
}

/**
 * ProviderComplianceDto.fromModel with its StepComplianceDto steps (platformData
 * null: C1/C2 show no granted data) as ONE json value built by PostgreSQL,
 * for the compliance `pc` (provider_compliances) and its flow `f`. Same keys,
 * order, nulls and timestamps (api_timestamp prints what Luxon's toISO prints):
 * the lists send it as text, no model, no Luxon, no JSON.parse in Node.
 * Named bindings: `:zone`/`:zulu`, the company time zone (submission
 * windows, compliance_submission_window); `:dbZone`/`:dbZulu`, the zone
 * Lucid's DateTimes print in; `:today`, the clock's now.
 * tests/functional/compliance/list_json_sql.spec.ts compares it with C3.
 */
export const PROVIDER_COMPLIANCE_JSON_SQL = `json_build_object(
  'id', pc.id, 'providerId', pc.provider_id,
  'providerComplianceFlowId', pc.provider_compliance_flow_id,
  'complianceFlowId', pc.flow_id, 'complianceFlowName', f.name,
  'month', pc.month, 'year', pc.year, 'status', pc.status,
  'steps', (
    SELECT coalesce(json_agg(json_build_object(
             'id', sc.id, 'complianceStepId', s.id, 'title', s.title, 'order', s.position,
             'stepType', s.step_type, 'status', sc.status,
             'schedule', json_build_object(
               'frequency', s.frequency, 'dayStart', s.day_start, 'dayEnd', s.day_end,
               'monthStart', s.month_start, 'monthEnd', s.month_end),
             'documents', (
               SELECT coalesce(json_agg(json_build_object(
                        'id', d.id, 'stepComplianceId', d.step_compliance_id,
                        'documentRequirementId', d.requirement_id,
                        'documentRequirementName', coalesce(dr.name, ''),
                        'fileName', d.file_name, 'fileUrl', '${FILE_URL_MARKER}' || d.id,
                        'status', d.status, 'rejectionReason', d.rejection_reason,
                        'sentAt', api_timestamp(d.sent_at, :dbZone, :dbZulu),
                        'reviewedAt', api_timestamp(d.reviewed_at, :dbZone, :dbZulu))
                        ORDER BY d.sent_at), '[]'::json)
                 FROM step_compliance_documents d
                 LEFT JOIN compliance_document_requirements dr
                        ON dr.id = d.requirement_id AND dr.step_id = s.id
                WHERE d.step_compliance_id = sc.id),
             'requiredDocuments', (
               SELECT coalesce(json_agg(json_build_object(
                        'id', r.id, 'name', r.name, 'description', r.description,
                        'required', r.required, 'formats', r.formats) ORDER BY r.position), '[]'::json)
                 FROM compliance_document_requirements r WHERE r.step_id = s.id),
             'platformDataTypes', s.platform_data_types,
             'grantedDataTypes', sc.granted_data_types,
             'platformData', NULL,
             'validators', (
               SELECT coalesce(json_agg(json_build_object(
                        'id', p.id, 'userId', p.user_id, 'name', p.name, 'avatar', p.avatar)
                        ORDER BY p.rank, p.sort), '[]'::json)
                 FROM (SELECT v.id, u.id AS user_id, u.name, u.avatar, 0 AS rank, v.id AS sort
                         FROM compliance_step_validators v JOIN users u ON u.id = v.user_id
                        WHERE v.step_id = s.id
                       UNION ALL
                       SELECT u.id, u.id, u.name, u.avatar, 1, u.id
                         FROM provider_compliance_flow_leaderships l JOIN users u ON u.id = l.user_id
                        WHERE s.include_immediate_leadership
                          AND l.provider_compliance_flow_id = pc.provider_compliance_flow_id
                          AND l.step_id = s.id
                          AND NOT EXISTS (SELECT 1 FROM compliance_step_validators v
                                           WHERE v.step_id = s.id AND v.user_id = l.user_id)) p),
             'dependsOnPrevious', s.depends_on_previous,
             'submissionDeadline', api_timestamp(w.window_end, :zone, :zulu),
             'isSubmissionOpen', sc.status IN (${OPEN_STEP_STATUSES.map((status) => `'${status}'`).join(', ')})
                                 AND w.window_start <= :today AND :today <= w.window_end,
             'submittedAt', api_timestamp(sc.submitted_at, :dbZone, :dbZulu),
             'reviewedAt', api_timestamp(sc.reviewed_at, :dbZone, :dbZulu))
             ORDER BY s.position, sc.id), '[]'::json)
      FROM step_compliances sc
      JOIN compliance_steps s ON s.id = sc.step_id
      CROSS JOIN LATERAL compliance_submission_window(
        s.frequency, s.day_start, s.day_end, pc.year, pc.month, :zone, :today) w
     WHERE sc.provider_compliance_id = pc.id),
  'submittedAt', api_timestamp(pc.submitted_at, :dbZone, :dbZulu),
  'reviewedAt', api_timestamp(pc.reviewed_at, :dbZone, :dbZulu))`
