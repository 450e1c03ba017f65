import { belongsTo, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceFlow from '#models/compliance_flow'
import Contract from '#models/contract'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ProviderComplianceFlowSchema } from '#database/schema'

export type ProviderType = 'LEGAL_ENTITY' | 'NATURAL_PERSON'

/**
 * The attachment of a flow to a provider (spec: ProviderComplianceFlow).
 * Detaching is soft (`detachedAt`), so monthly history keeps its link.
 *
 * Columns (database/schema.ts):
 * - `providerId`: Provider company id (legal entity) or user id (natural person)
 */
export default class ProviderComplianceFlow extends compose(
  ProviderComplianceFlowSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => ComplianceFlow, { foreignKey: 'flowId' })
  declare flow: BelongsTo<typeof ComplianceFlow>

  @belongsTo(() => Contract)
  declare contract: BelongsTo<typeof Contract>

  static attached = scope((query) => {
    query.whereNull('provider_compliance_flows.detached_at')
  })

  /**
   * Tenant finder: the live attachment of the provider in the company,
   * named by its flow (D7) and/or its id (E11, E12, E13); 404 with
   * `message` otherwise; locked in the transaction.
   */
  static async findAttached(
    companyId: string,
    providerId: string,
    target: { flowId?: string; attachmentId?: string },
    trx: TransactionClientContract,
    message = 'errors.attached_flow_not_found'
  ) {
    return firstOrNotFound(
      ProviderComplianceFlow.query({ client: trx })
        .withScopes((scopes) => scopes.attached())
        .where('company_id', companyId)
        .where('provider_id', providerId)
        .if(target.flowId, (query) => query.where('flow_id', target.flowId!))
        .if(target.attachmentId, (query) => query.where('id', target.attachmentId!)),
      message,
      trx
    )
  }
}
