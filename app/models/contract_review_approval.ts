import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { withTimestamps } from '#models/mixins/with_timestamps'

export type ReviewDecision = 'approved' | 'rejected' | 'changes_requested'

/** A reviewer's decision on one review item (a generated contract) */
export default class ContractReviewApproval extends compose(
  BaseModel,
  withUuidPrimaryKey,
  withTimestamps
) {
  @column()
  declare contractId: string

  @column()
  declare itemId: string

  @column()
  declare reviewerId: string

  @column()
  declare decision: ReviewDecision

  @column()
  declare comment: string | null

  @column.dateTime()
  declare reviewedAt: DateTime
}
