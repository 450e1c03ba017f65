import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import User from '#models/user'
import Contract from '#models/contract'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ContractReviewCommentSchema } from '#database/schema'

/** A review comment on a generated contract, with the selection it refers to */
export default class ContractReviewComment extends compose(
  ContractReviewCommentSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => User, { foreignKey: 'authorId' })
  declare author: BelongsTo<typeof User>

  /** Tenant finder (H14): the comment of the item of a contract of the company, else 404 */
  static async findOwned(
    companyId: string,
    ids: { contractId: string; itemId: string; commentId: string }
  ) {
    await Contract.findOwned(companyId, ids.contractId)
    return firstOrNotFound(
      ContractReviewComment.query()
        .where('id', ids.commentId)
        .where('contract_id', ids.contractId)
        .where('item_id', ids.itemId)
        .preload('author'),
      'errors.comment_not_found'
    )
  }
}
