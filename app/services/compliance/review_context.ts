import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { leadershipsOf } from '#services/compliance/attachments'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import { reviewRules } from '#services/compliance/reviewers'

interface Target {
  companyId: string
  providerId: string
  complianceId: string
  stepId: string
}

/**
 * The compliance (of the company and provider), the step and who may
 * review it; 404 for anything outside the company or provider.
 */
export async function reviewContext(target: Target, trx?: TransactionClientContract) {
  const compliance = await ProviderCompliance.findOwned(
    { companyId: target.companyId, providerIds: [target.providerId] },
    target.complianceId,
    trx
  )
  const step = await StepCompliance.findOf(compliance, target.stepId, trx)
  const leaders = await leadershipsOf([compliance.providerComplianceFlowId], trx)
  const rules = reviewRules(
    step.step,
    leaders.get(`${compliance.providerComplianceFlowId}:${step.stepId}`) ?? []
  )
  return { compliance, step, rules }
}
