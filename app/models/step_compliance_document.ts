import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceDocumentRequirement from '#models/compliance_document_requirement'
import { StepComplianceDocumentSchema } from '#database/schema'

/**
 * The file sent for one requirement of a step (a new upload replaces it)
 *
 * Columns (database/schema.ts):
 * - `filePath`: Drive key (private disk)
 */
export default class StepComplianceDocument extends compose(
  StepComplianceDocumentSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => ComplianceDocumentRequirement, { foreignKey: 'requirementId' })
  declare requirement: BelongsTo<typeof ComplianceDocumentRequirement>
}
