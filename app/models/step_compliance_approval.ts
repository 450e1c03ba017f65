import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { StepComplianceApprovalSchema } from '#database/schema'

/** One reviewer's decision on a document (or on a platformData step: documentId null) */
export default class StepComplianceApproval extends compose(
  StepComplianceApprovalSchema,
  withUuidPrimaryKey
) {}
