import type { DateTime } from 'luxon'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import User from '#models/user'
import type { StepDetail } from '#dtos/provider_compliance_dto'
import { leadershipsOf } from '#services/compliance/attachments'
import type FileStorageService from '#services/files/storage_service'
import { loadPlatformData } from '#services/compliance/platform_data'
import { reviewRules } from '#services/compliance/reviewers'
import { isSubmissionOpen, submissionDeadline } from '#services/compliance/schedule'

interface Options {
  companyId: string
  timezone: string
  now: DateTime
  /** Signs the documents' URLs (the caller's injected storage) */
  storage: FileStorageService
  /** E7: validators see the data granted on platformData steps */
  withPlatformData?: boolean
}

/** Step compliances of the compliances with their step definitions (3 batched queries) */
export function stepsOf(complianceIds: string[]) {
  return StepCompliance.query()
    .whereIn('provider_compliance_id', complianceIds)
    .preload('step', (step) =>
      step
        .preload('documents', (documents) => documents.orderBy('position'))
        .preload('validators', (validators) => validators.orderBy('id').preload('user'))
    )
    .preload('documents', (documents) => documents.orderBy('sent_at'))
}

/**
 * What the ProviderCompliance bodies of loaded compliances (flow
 * preloaded) show beyond their rows, per compliance id, steps in order
 * (ProviderComplianceDto.fromDetails): a fixed number of queries whatever
 * the count (steps, documents, leaderships and leader names in batches),
 * never one per row.
 */
export async function complianceDetails(compliances: ProviderCompliance[], options: Options) {
  const details = new Map<string, StepDetail[]>()
  if (!compliances.length) return details
  const steps = await stepsOf(compliances.map((compliance) => compliance.id))
  const leaderships = await leadershipsOf(compliances.map((c) => c.providerComplianceFlowId))
  const leaderIds = [...new Set([...leaderships.values()].flat())]
  const leaders = leaderIds.length
    ? await User.query().whereIn('id', leaderIds).select('id', 'name', 'avatar')
    : []
  const leaderById = new Map(leaders.map((user) => [user.id, user]))
  /** A leader shows as a validator whose id is the user id */
  const leaderView = (userId: string) => {
    const user = leaderById.get(userId)
    return user ? { id: userId, user } : undefined
  }

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

  for (const stepCompliance of steps.sort((a, b) => a.step.position - b.step.position)) {
    const compliance = byCompliance.get(stepCompliance.providerComplianceId)!
    const step = stepCompliance.step
    const leaderUserIds = leaderships.get(`${compliance.providerComplianceFlowId}:${step.id}`) ?? []
    const rules = reviewRules(step, leaderUserIds)
    const validatorById = new Map(
      step.validators.map((v) => [v.userId, { id: v.id, user: v.user }])
    )
    const detail: StepDetail = {
      stepCompliance,
      view: {
        validators: rules.allowed
          .map((userId) => validatorById.get(userId) ?? leaderView(userId))
          .filter((validator) => validator !== undefined),
        fileUrls,
        submissionDeadline: submissionDeadline(step, compliance.year, compliance.month, today),
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
