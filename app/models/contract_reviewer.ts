import { belongsTo } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { ContractReviewerSchema } from '#database/schema'

/** A reviewer of the contract (revisionConfig.reviewers) */
export default class ContractReviewer extends ContractReviewerSchema {
  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
