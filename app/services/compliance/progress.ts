import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import { complianceStatusOf, type ComplianceStatus } from '#support/compliance'

/**
 * Recalculates a compliance's status from its steps (approved when all are
 * approved, rejected when any is rejected, sent when all are submitted or
 * approved, else pending) and stamps submittedAt / reviewedAt.
 */
export async function refreshCompliance(
  compliance: ProviderCompliance,
  now: DateTime,
  trx: TransactionClientContract
): Promise<{ before: ComplianceStatus; after: ComplianceStatus }> {
  const steps = await StepCompliance.query({ client: trx })
    .where('provider_compliance_id', compliance.id)
    .select('status')
  const before = compliance.status
  const after = complianceStatusOf(steps)
  compliance.useTransaction(trx).status = after
  if (after === 'sent' && before !== 'sent') compliance.submittedAt = now
  if (after === 'approved' || after === 'rejected') compliance.reviewedAt = now
  await compliance.save()
  return { before, after }
}

/** After an approval: the next step, when it depends on this one, opens (`pending`) */
export async function unblockNext(stepCompliance: StepCompliance, trx: TransactionClientContract) {
  const next = await StepCompliance.query({ client: trx })
    .where('provider_compliance_id', stepCompliance.providerComplianceId)
    .join('compliance_steps', 'compliance_steps.id', 'step_compliances.step_id')
    .where('compliance_steps.position', '>', stepCompliance.step.position)
    .orderBy('compliance_steps.position')
    .select('step_compliances.*', 'compliance_steps.depends_on_previous')
    .first()
  if (next && next.$extras.depends_on_previous && next.status === 'blocked') {
    await next.useTransaction(trx).merge({ status: 'pending' }).save()
  }
}
