import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ProviderCompliance from '#models/provider_compliance'
import type { ValidatorUser } from '#dtos/compliance_flow_dto'
import type { StepComplianceRow, StepDetail } from '#dtos/provider_compliance_dto'
import type FileStorageService from '#services/files/storage_service'
import { loadPlatformData } from '#services/compliance/platform_data'
import { reviewRules } from '#services/compliance/reviewers'
import { isSubmissionOpen, submissionDeadline } from '#services/compliance/schedule'
import { STEP_JSON_SQL } from '#services/compliance/flows'
import { pgArray } from '#support/compliance'

interface Options {
  companyId: string
  timezone: string
  now: DateTime
  /** Signs the documents' URLs (the caller's injected storage) */
  storage: FileStorageService
  /** E7: validators see the data granted on platformData steps */
  withPlatformData?: boolean
}

/** The compliance fields the details read */
type ComplianceKey = Pick<
  ProviderCompliance,
  'id' | 'providerComplianceFlowId' | 'providerId' | 'year' | 'month'
>

const toDateTime = (value: string | Date | null) =>
  value === null
    ? null
    : value instanceof Date
      ? DateTime.fromJSDate(value)
      : DateTime.fromISO(value)

/**
 * The step compliances of the compliances, in step order, each with its
 * step definition (requirements, validators and their users), its current
 * documents and the provider's immediate leaders of the step (users
 * joined): ONE statement whatever the number of compliances or steps.
 */
async function stepRows(
  compliances: ComplianceKey[]
): Promise<(StepComplianceRow & { leaders: ValidatorUser[] })[]> {
  const { rows } = await db.rawQuery(
    `SELECT sc.id, sc.provider_compliance_id, sc.status, sc.granted_data_types,
            sc.submitted_at, sc.reviewed_at,
            ${STEP_JSON_SQL} AS step,
            (SELECT coalesce(json_agg(json_build_object(
                      'id', d.id, 'stepComplianceId', d.step_compliance_id,
                      'requirementId', d.requirement_id, 'fileName', d.file_name,
                      'filePath', d.file_path, 'status', d.status,
                      'rejectionReason', d.rejection_reason,
                      'sentAt', d.sent_at, 'reviewedAt', d.reviewed_at) ORDER BY d.sent_at), '[]'::json)
               FROM step_compliance_documents d WHERE d.step_compliance_id = sc.id) AS documents,
            (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'avatar', u.avatar)
                      ORDER BY l.user_id), '[]'::json)
               FROM provider_compliance_flow_leaderships l JOIN users u ON u.id = l.user_id
              WHERE l.provider_compliance_flow_id = pc.provider_compliance_flow_id
                AND l.step_id = sc.step_id) AS leaders
       FROM step_compliances sc
       JOIN provider_compliances pc ON pc.id = sc.provider_compliance_id
       JOIN compliance_steps s ON s.id = sc.step_id
      WHERE sc.provider_compliance_id = ANY(CAST(? AS uuid[]))
      ORDER BY s.position, sc.id`,
    [pgArray(compliances.map((compliance) => compliance.id))]
  )
  return rows.map((row: any) => ({
    id: row.id,
    providerComplianceId: row.provider_compliance_id,
    status: row.status,
    grantedDataTypes: row.granted_data_types,
    submittedAt: toDateTime(row.submitted_at),
    reviewedAt: toDateTime(row.reviewed_at),
    step: row.step,
    documents: row.documents.map((document: any) => ({
      ...document,
      sentAt: toDateTime(document.sentAt)!,
      reviewedAt: toDateTime(document.reviewedAt),
    })),
    leaders: row.leaders,
  }))
}

/**
 * What the ProviderCompliance bodies of loaded compliances (flow
 * preloaded) show beyond their rows, per compliance id, steps in order
 * (ProviderComplianceDto.fromDetails): one statement for the steps (see
 * stepRows), plus the grouped platform data query for E7, whatever the
 * number of compliances; signed URLs are computed, not queried.
 */
export async function complianceDetails(compliances: ComplianceKey[], options: Options) {
  const details = new Map<string, StepDetail[]>()
  if (!compliances.length) return details
  const steps = await stepRows(compliances)

  const documents = steps.flatMap((step) => step.documents)
  const urls = await Promise.all(
    documents.map((document) => options.storage.signedUrl(document.filePath))
  )
  const fileUrls = new Map(documents.map((document, index) => [document.id, urls[index]]))

  const byCompliance = new Map(compliances.map((compliance) => [compliance.id, compliance]))
  const platformData = options.withPlatformData
    ? await loadPlatformData(
        options.companyId,
        compliances.map((compliance) => compliance.providerId)
      )
    : null
  const today = options.now.setZone(options.timezone)
  /**
   * The deadline depends only on the schedule and the month, and each
   * computation costs several time-zone offset lookups (Intl): computed
   * once per distinct schedule and month of the page, not once per step.
   */
  const deadlines = new Map<string, DateTime>()
  const deadlineOf = (step: StepComplianceRow['step'], year: number, month: number) => {
    const key = [
      step.frequency,
      step.dayStart,
      step.dayEnd,
      step.monthStart,
      step.monthEnd,
      year,
      month,
    ].join(':')
    let deadline = deadlines.get(key)
    if (!deadline) {
      deadline = submissionDeadline(step, year, month, today)
      deadlines.set(key, deadline)
    }
    return deadline
  }

  for (const { leaders, ...stepCompliance } of steps) {
    const compliance = byCompliance.get(stepCompliance.providerComplianceId)!
    const step = stepCompliance.step
    const rules = reviewRules(
      step,
      leaders.map((leader) => leader.id)
    )
    /** A leader shows as a validator whose id is the user id */
    const people = new Map([
      ...leaders.map((user) => [user.id, { id: user.id, user }] as const),
      ...step.validators.map((v) => [v.userId, { id: v.id, user: v.user }] as const),
    ])
    const detail: StepDetail = {
      stepCompliance,
      view: {
        validators: rules.allowed
          .map((userId) => people.get(userId))
          .filter((validator) => validator !== undefined),
        fileUrls,
        submissionDeadline: deadlineOf(step, compliance.year, compliance.month),
        isSubmissionOpen: isSubmissionOpen(
          step,
          stepCompliance.status,
          compliance.year,
          compliance.month,
          today
        ),
        platformData:
          platformData?.(
            compliance.providerId,
            compliance.year,
            compliance.month,
            stepCompliance.grantedDataTypes
          ) ?? null,
      },
    }
    details.set(compliance.id, [...(details.get(compliance.id) ?? []), detail])
  }
  return details
}

/** A compliance query of the company with its flow preloaded */
export function compliancesOf(companyId: string) {
  return ProviderCompliance.query()
    .where('provider_compliances.company_id', companyId)
    .preload('flow')
}
