import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import Contract from '#models/contract'
import ContractReviewComment from '#models/contract_review_comment'
import ContractReviewer from '#models/contract_reviewer'
import type Company from '#models/company'
import type User from '#models/user'
import ContractDocumentService from '#services/contracts/document_service'
import ContractEventService from '#services/contracts/event_service'
import { NotFoundException, UnprocessableException } from '#exceptions/http_exceptions'
import type { addReviewCommentValidator } from '#validators/contract_review'

/**
 * H13 / H15: comments on one generated contract (`contractItemId` = the
 * part group id, or the contract id when there are no part groups).
 */
@inject()
export default class ReviewComments {
  constructor(
    protected documents: ContractDocumentService,
    protected events: ContractEventService
  ) {}

  /** The contract and the item, else 404 */
  async findItem(company: Company, contractId: string, itemId: string) {
    const contract = await Contract.findOwned(company.id, contractId)
    const items = await this.documents.items(contract)
    const item = items.find((candidate) => candidate.id === itemId)
    if (!item) throw new NotFoundException('errors.contract_item_not_found')
    return { contract, item }
  }

  async list(company: Company, contractId: string, itemId: string) {
    await this.findItem(company, contractId, itemId)
    return ContractReviewComment.query()
      .where('contract_id', contractId)
      .where('item_id', itemId)
      .preload('author')
      .orderBy('created_at')
      .orderBy('id')
  }

  /**
   * H13: the contract and the item (else 404) with the user ids of the
   * contract's reviewers, for ContractPolicy.comment
   */
  async target(company: Company, ids: { contractId: string; itemId: string }) {
    const { contract, item } = await this.findItem(company, ids.contractId, ids.itemId)
    const reviewers = await ContractReviewer.query()
      .where('contract_id', contract.id)
      .select('user_id')
    return { contract, item, reviewerIds: reviewers.map((reviewer) => reviewer.userId) }
  }

  async add(
    { contract, item }: { contract: Contract; item: { id: string } },
    user: User,
    body: Infer<typeof addReviewCommentValidator>
  ) {
    if (body.startOffset !== undefined && body.startOffset !== null) {
      if ((body.endOffset ?? 0) < body.startOffset) {
        throw new UnprocessableException('errors.offsets_reversed')
      }
    }
    return db.transaction(async (trx) => {
      const comment = await ContractReviewComment.create(
        {
          contractId: contract.id,
          itemId: item.id,
          authorId: user.id,
          content: body.content,
          selectedText: body.selectedText ?? null,
          startOffset: body.startOffset ?? null,
          endOffset: body.endOffset ?? null,
          pageNumber: body.pageNumber ?? null,
        },
        { client: trx }
      )
      const base = await this.events.base(
        contract,
        user,
        { type: 'comment_added', scope: 'personal', to: ['owner'], path: '/review' },
        trx
      )
      await this.events.emit('contract:comment_added', {
        ...base,
        itemId: item.id,
        commentId: comment.id,
        content: comment.content,
      })
      await comment.load('author')
      return comment
    })
  }

  async update(comment: ContractReviewComment, content: string) {
    comment.content = content
    return comment.save()
  }
}
