import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { ContractReviewApprovalSchema } from '#database/schema'

export type ReviewDecision = 'approved' | 'rejected' | 'changes_requested'

/** A reviewer's decision on one review item (a generated contract) */
export default class ContractReviewApproval extends compose(
  ContractReviewApprovalSchema,
  withUuidPrimaryKey
) {}
