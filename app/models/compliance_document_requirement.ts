import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { ComplianceDocumentRequirementSchema } from '#database/schema'

/**
 * A document the provider must send in a `documents` step
 *
 * Columns (database/schema.ts):
 * - `formats`: Extensions with the dot, lowercase (`.pdf`)
 */
export default class ComplianceDocumentRequirement extends compose(
  ComplianceDocumentRequirementSchema,
  withUuidPrimaryKey
) {}
