import type ProviderCompliance from '#models/provider_compliance'
import type StepCompliance from '#models/step_compliance'

/**
 * A compliance step as the compliance.step.* webhooks carry it: the step's
 * state and the period it belongs to. Not the full C3 step view: that one
 * holds signed file URLs that expire within minutes and the provider's
 * platform data (personal data), neither of which belongs in a payload
 * kept by a third party; integrators read GET /compliances/:id for more.
 */
export default class StepComplianceEventDto {
  static fromModels(compliance: ProviderCompliance, step: StepCompliance) {
    return {
      id: step.id,
      complianceId: compliance.id,
      providerId: compliance.providerId,
      complianceFlowId: compliance.flowId,
      complianceStepId: step.stepId,
      title: step.step?.title ?? null,
      month: compliance.month,
      year: compliance.year,
      status: step.status,
      complianceStatus: compliance.status,
      submittedAt: step.submittedAt?.toISO() ?? null,
      reviewedAt: step.reviewedAt?.toISO() ?? null,
    }
  }
}
