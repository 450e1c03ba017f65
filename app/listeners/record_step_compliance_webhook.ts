import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type ProviderCompliance from '#models/provider_compliance'
import type StepCompliance from '#models/step_compliance'
import StepComplianceEventDto from '#dtos/step_compliance_event_dto'
import { recordWebhookEvent } from '#services/webhooks/events'

/**
 * compliance.step.* go to the borrower company the compliance belongs to
 * (`companyId`): it receives what its providers submit and it reviews.
 * Recorded when the step's own status moves (a submit; the review that
 * settles the step), in the change's transaction.
 */
export default class RecordStepComplianceWebhook {
  handle(
    trx: TransactionClientContract,
    compliance: ProviderCompliance,
    step: StepCompliance,
    type: 'compliance.step.submitted' | 'compliance.step.approved' | 'compliance.step.rejected'
  ) {
    return recordWebhookEvent(trx, {
      companyId: compliance.companyId,
      type,
      data: StepComplianceEventDto.fromModels(compliance, step),
    })
  }
}
