import { hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ComplianceDocumentRequirement from '#models/compliance_document_requirement'
import ComplianceStepValidator from '#models/compliance_step_validator'
import { ComplianceStepSchema } from '#database/schema'

/**
 * Columns (database/schema.ts):
 * - `position`: `order` of the spec (1-based)
 */
export default class ComplianceStep extends compose(ComplianceStepSchema, withUuidPrimaryKey) {
  @hasMany(() => ComplianceDocumentRequirement, { foreignKey: 'stepId' })
  declare documents: HasMany<typeof ComplianceDocumentRequirement>

  @hasMany(() => ComplianceStepValidator, { foreignKey: 'stepId' })
  declare validators: HasMany<typeof ComplianceStepValidator>
}
