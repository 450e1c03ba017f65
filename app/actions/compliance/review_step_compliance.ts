import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  ConflictException,
  NotFoundException,
  UnprocessableException,
} from '#exceptions/http_exceptions'
import StepComplianceApproval from '#models/step_compliance_approval'
import type StepCompliance from '#models/step_compliance'
import type StepComplianceDocument from '#models/step_compliance_document'
import type User from '#models/user'
import Clock from '#services/platform/clock'
import { reviewContext } from '#services/compliance/review_context'
import { refreshCompliance, unblockNext } from '#services/compliance/progress'
import { isApproved, type ReviewRules } from '#services/compliance/reviewers'
import { eventBase, providerRecipients } from '#services/compliance/recipients'
import RecordStepComplianceWebhook from '#listeners/record_step_compliance_webhook'

interface Params {
  companyId: string
  providerId: string
  complianceId: string
  stepId: string
  user: User
  documentId?: string
  action: 'approve' | 'reject'
  rejectionReason?: string
}

/** The approvals recorded for one reviewed item (a document, or the step) */
async function approvedBy(
  step: StepCompliance,
  documentId: string | null,
  trx: TransactionClientContract
) {
  const rows = await StepComplianceApproval.query({ client: trx })
    .where('step_compliance_id', step.id)
    .where('decision', 'approved')
    .if(
      documentId,
      (query) => query.where('document_id', documentId!),
      (query) => query.whereNull('document_id')
    )
  return new Set(rows.map((row) => row.userId))
}

/**
 * E8: a reviewer's decision on a document of a submitted step (or on a
 * platformData step as a whole). Each reviewer's decision is stored; a
 * rejection is final at once (reason required), an approval once the
 * step's rules are met. Then the step: every document approved ->
 * approved (the next dependent step opens); any rejected -> rejected.
 * The compliance status is recalculated.
 */
@inject()
export default class ReviewStepCompliance {
  constructor(protected clock: Clock) {}

  handle(params: Params) {
    return db.transaction(async (trx) => {
      const { compliance, step, rules } = await reviewContext(params, trx)
      if (!['submitted', 'rejected'].includes(step.status)) {
        throw new ConflictException('errors.step_not_reviewable', { data: { status: step.status } })
      }
      const document = this.#target(step, params.documentId)
      if (
        (document?.status ?? (step.status === 'submitted' ? 'pending' : step.status)) !== 'pending'
      ) {
        throw new ConflictException('errors.item_already_reviewed')
      }

      const previous = await StepComplianceApproval.query({ client: trx })
        .where('step_compliance_id', step.id)
        .where('user_id', params.user.id)
        .if(
          document,
          (query) => query.where('document_id', document!.id),
          (query) => query.whereNull('document_id')
        )
        .first()
      if (previous) throw new ConflictException('errors.you_already_reviewed')

      const now = this.clock.now()
      await StepComplianceApproval.create(
        {
          stepComplianceId: step.id,
          documentId: document?.id ?? null,
          userId: params.user.id,
          decision: params.action === 'approve' ? 'approved' : 'rejected',
        },
        { client: trx }
      )
      const decided = await this.#decide(step, document, rules, params, trx)
      if (decided && document) {
        await document
          .useTransaction(trx)
          .merge({
            status: decided,
            reviewedAt: now,
            rejectionReason: decided === 'rejected' ? params.rejectionReason! : null,
          })
          .save()
      }
      const settled = decided
        ? await this.#settleStep(step, decided, document === null, now, trx)
        : null
      await refreshCompliance(compliance, now, trx)
      if (settled) {
        await new RecordStepComplianceWebhook().handle(
          trx,
          compliance,
          step,
          `compliance.step.${settled}`
        )
      }

      if (decided) {
        const requirement = step.step.documents.find(({ id }) => id === document?.requirementId)
        await emitter.emit(`compliance:document_${decided}`, {
          ...eventBase(compliance, compliance.flow.name, params.user, trx),
          recipients: await providerRecipients(compliance.companyId, compliance.providerId, trx),
          stepComplianceId: step.id,
          stepTitle: step.step.title,
          documentId: document?.id ?? null,
          documentRequirementName: requirement?.name ?? null,
          rejectionReason: decided === 'rejected' ? params.rejectionReason! : null,
        })
      }
      return {
        compliance,
        step,
        document,
        requirementName:
          step.step.documents.find(({ id }) => id === document?.requirementId)?.name ?? '',
      }
    })
  }

  /** The document reviewed (documents steps) or null (platformData steps) */
  #target(step: StepCompliance, documentId?: string): StepComplianceDocument | null {
    if (step.step.stepType === 'platformData') return null
    if (!documentId) throw new UnprocessableException('errors.document_id_required')
    const document = step.documents.find(({ id }) => id === documentId)
    if (!document) throw new NotFoundException('errors.document_not_found')
    return document
  }

  /** The final decision on the item, or null while approvals are missing */
  async #decide(
    step: StepCompliance,
    document: StepComplianceDocument | null,
    rules: ReviewRules,
    params: Params,
    trx: TransactionClientContract
  ) {
    if (params.action === 'reject') return 'rejected' as const
    return isApproved(rules, await approvedBy(step, document?.id ?? null, trx))
      ? ('approved' as const)
      : null
  }

  async #settleStep(
    step: StepCompliance,
    decided: 'approved' | 'rejected',
    wholeStep: boolean,
    now: ReturnType<Clock['now']>,
    trx: TransactionClientContract
  ) {
    const documents = step.documents
    const status =
      decided === 'rejected' || documents.some((document) => document.status === 'rejected')
        ? 'rejected'
        : wholeStep || documents.every((document) => document.status === 'approved')
          ? 'approved'
          : null
    if (!status || status === step.status) return null
    await step.useTransaction(trx).merge({ status, reviewedAt: now }).save()
    if (status === 'approved') await unblockNext(step, trx)
    return status
  }
}
