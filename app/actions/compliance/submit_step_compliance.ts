import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import type User from '#models/user'
import Clock from '#services/platform/clock'
import { leadershipsOf } from '#services/compliance/attachments'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import { refreshCompliance } from '#services/compliance/progress'
import { reviewRules } from '#services/compliance/reviewers'
import {
  companyAdminRecipients,
  eventBase,
  reviewerRecipients,
} from '#services/compliance/recipients'
import RecordStepComplianceWebhook from '#listeners/record_step_compliance_webhook'

interface Params {
  companyId: string
  providerIds: string[]
  user: User
  complianceId: string
  stepId: string
}

/**
 * C5: submits a step. Every required document must have been sent (and
 * not be rejected); a platformData step needs every data type granted. The
 * step becomes `submitted`; the compliance becomes `sent` once every step
 * is submitted or approved. Emits document_submitted (and sent).
 */
@inject()
export default class SubmitStepCompliance {
  constructor(protected clock: Clock) {}

  handle(params: Params) {
    return db.transaction(async (trx) => {
      const compliance = await ProviderCompliance.findOwned(params, params.complianceId, trx)
      const step = await StepCompliance.findOf(compliance, params.stepId, trx)
      if (!['pending', 'in_progress'].includes(step.status)) {
        throw new ConflictException('errors.step_not_submittable', {
          data: { status: step.status },
        })
      }
      const sent = new Map(step.documents.map((document) => [document.requirementId, document]))
      const missingDocuments = step.step.documents
        .filter((requirement) => requirement.required)
        .filter(
          (requirement) =>
            !sent.has(requirement.id) || sent.get(requirement.id)!.status === 'rejected'
        )
        .map((requirement) => requirement.id)
      const missingData = step.step.platformDataTypes.filter(
        (type) => !step.grantedDataTypes.includes(type)
      )
      if (missingDocuments.length || missingData.length) {
        throw new UnprocessableException('errors.required_documents_pending', {
          details: { missingDocuments, missingDataTypes: missingData },
        })
      }

      const now = this.clock.now()
      await step.useTransaction(trx).merge({ status: 'submitted', submittedAt: now }).save()
      const { before, after } = await refreshCompliance(compliance, now, trx)
      await new RecordStepComplianceWebhook().handle(
        trx,
        compliance,
        step,
        'compliance.step.submitted'
      )

      const base = eventBase(compliance, compliance.flow.name, params.user, trx)
      const leaders = await leadershipsOf([compliance.providerComplianceFlowId], trx)
      const rules = reviewRules(
        step.step,
        leaders.get(`${compliance.providerComplianceFlowId}:${step.stepId}`) ?? []
      )
      const names = new Map(
        step.step.documents.map((requirement) => [requirement.id, requirement.name])
      )
      await emitter.emit('compliance:document_submitted', {
        ...base,
        recipients: await reviewerRecipients(compliance.companyId, rules.allowed, trx),
        stepComplianceId: step.id,
        stepTitle: step.step.title,
        documents: step.documents
          .filter((document) => document.status === 'pending')
          .map((document) => ({
            id: document.id,
            documentRequirementName: names.get(document.requirementId) ?? '',
            fileName: document.fileName,
          })),
      })
      if (after === 'sent' && before !== 'sent') {
        await emitter.emit('compliance:sent', {
          ...base,
          recipients: await companyAdminRecipients(compliance.companyId, trx),
        })
      }
      return { compliance, step }
    })
  }
}
