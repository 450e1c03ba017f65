import { belongsTo, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceStep from '#models/compliance_step'
import StepComplianceDocument from '#models/step_compliance_document'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import type ProviderCompliance from '#models/provider_compliance'
import { StepComplianceSchema } from '#database/schema'

/**
 * One step of a monthly compliance
 *
 * Columns (database/schema.ts):
 * - `grantedDataTypes`: platformData steps: the data types the provider let validators read
 */
export default class StepCompliance extends compose(StepComplianceSchema, withUuidPrimaryKey) {
  @belongsTo(() => ComplianceStep, { foreignKey: 'stepId' })
  declare step: BelongsTo<typeof ComplianceStep>

  @hasMany(() => StepComplianceDocument)
  declare documents: HasMany<typeof StepComplianceDocument>

  /**
   * Tenant finder: a step of the compliance, named by the StepCompliance id
   * or by its complianceStepId, with its definition; 404 otherwise (locked
   * in a transaction).
   */
  static async findOf(
    compliance: ProviderCompliance,
    stepId: string,
    trx?: TransactionClientContract
  ) {
    return firstOrNotFound(
      StepCompliance.query({ client: trx })
        .where('provider_compliance_id', compliance.id)
        .where((match) => match.where('id', stepId).orWhere('step_id', stepId))
        .preload('step', (definition) =>
          definition
            .preload('documents', (documents) => documents.orderBy('position'))
            .preload('validators')
        )
        .preload('documents'),
      'errors.step_not_found',
      trx
    )
  }
}
