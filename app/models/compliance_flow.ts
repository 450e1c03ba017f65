import { hasMany, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceStep from '#models/compliance_step'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ComplianceFlowSchema } from '#database/schema'

/**
 * A borrower-defined compliance flow (spec: ComplianceFlow).
 *
 * Columns (database/schema.ts):
 * - `providersCount`: Attached (not detached) providers, kept by the triggers on
 *   provider_compliance_flows
 */
export default class ComplianceFlow extends compose(ComplianceFlowSchema, withUuidPrimaryKey) {
  @hasMany(() => ComplianceStep, { foreignKey: 'flowId' })
  declare steps: HasMany<typeof ComplianceStep>

  @hasMany(() => ProviderComplianceFlow, { foreignKey: 'flowId' })
  declare attachments: HasMany<typeof ProviderComplianceFlow>

  /** Tenant finder scope: flows of the borrower company */
  static ownedBy = scope((query, companyId: string) => {
    query.where('compliance_flows.company_id', companyId)
  })

  /** Tenant finder: a flow of the company or 404 (D2, D4-D8); locked when read in a transaction */
  static findOwned(companyId: string, id: string, trx?: TransactionClientContract) {
    const owned = ComplianceFlow.query({ client: trx }).withScopes((scopes) =>
      scopes.ownedBy(companyId)
    )
    return firstOrNotFound(owned.where('id', id), 'Compliance flow not found', trx)
  }
}
