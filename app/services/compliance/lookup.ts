import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#exceptions/http_exceptions'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'

interface Owner {
  companyId: string
  /** The provider ids allowed to see the compliance */
  providerIds: string[]
}

/** A compliance of the company and provider(s), or 404 (locked in a transaction) */
export async function findCompliance(owner: Owner, id: string, trx?: TransactionClientContract) {
  const compliance = await ProviderCompliance.query({ client: trx })
    .where('company_id', owner.companyId)
    .whereIn('provider_id', owner.providerIds)
    .where('id', id)
    .preload('flow')
    .if(trx, (query) => query.forUpdate())
    .first()
  if (!compliance) throw new NotFoundException('Compliance not found')
  return compliance
}

/**
 * A step of the compliance, named by the StepCompliance id or by its
 * complianceStepId, with its definition; 404 otherwise.
 */
export async function findStep(
  compliance: ProviderCompliance,
  stepId: string,
  trx?: TransactionClientContract
) {
  const step = await StepCompliance.query({ client: trx })
    .where('provider_compliance_id', compliance.id)
    .where((match) => match.where('id', stepId).orWhere('step_id', stepId))
    .preload('step', (definition) =>
      definition
        .preload('documents', (documents) => documents.orderBy('position'))
        .preload('validators')
    )
    .preload('documents')
    .if(trx, (query) => query.forUpdate())
    .first()
  if (!step) throw new NotFoundException('Step not found')
  return step
}
