import { inject } from '@adonisjs/core'
import ContractReviewComment from '#models/contract_review_comment'
import type Company from '#models/company'
import ReviewItems from '#services/contracts/review_items'

/** H15: the comments on one generated contract, oldest first (404 for an unknown item) */
@inject()
export default class ListReviewComments {
  constructor(protected items: ReviewItems) {}

  async handle(company: Company, contractId: string, itemId: string) {
    await this.items.find(company, contractId, itemId)
    return ContractReviewComment.query()
      .where('contract_id', contractId)
      .where('item_id', itemId)
      .preload('author')
      .orderBy('created_at')
      .orderBy('id')
  }
}
