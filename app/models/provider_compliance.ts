import { belongsTo, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceFlow from '#models/compliance_flow'
import StepCompliance from '#models/step_compliance'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ProviderComplianceSchema } from '#database/schema'

/** Who may see a compliance: the borrower company and the provider ids acting */
export interface ComplianceOwner {
  companyId: string
  /** The provider ids allowed to see the compliance */
  providerIds: string[]
}

/** The compliance of one provider for one flow and month */
export default class ProviderCompliance extends compose(
  ProviderComplianceSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => ComplianceFlow, { foreignKey: 'flowId' })
  declare flow: BelongsTo<typeof ComplianceFlow>

  @hasMany(() => StepCompliance)
  declare steps: HasMany<typeof StepCompliance>

  /** Tenant finder: a compliance of the company and provider(s), or 404 (locked in a transaction) */
  static async findOwned(owner: ComplianceOwner, id: string, trx?: TransactionClientContract) {
    return firstOrNotFound(
      ProviderCompliance.query({ client: trx })
        .where('company_id', owner.companyId)
        .whereIn('provider_id', owner.providerIds)
        .where('id', id)
        .preload('flow'),
      'errors.compliance_not_found',
      trx
    )
  }

  /** Tenant finder of the borrower side: a compliance of the company, any provider, or 404 */
  static findForBorrower(companyId: string, id: string) {
    return firstOrNotFound(
      ProviderCompliance.query().where('company_id', companyId).where('id', id).preload('flow'),
      'errors.compliance_not_found'
    )
  }
}
