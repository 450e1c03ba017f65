import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type Contract from '#models/contract'
import ContractReviewComment from '#models/contract_review_comment'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import { UnprocessableException } from '#exceptions/http_exceptions'
import type { addReviewCommentValidator } from '#validators/contract_review'

/**
 * H13: a comment on one generated contract (the target found by
 * ReviewItems.target and authorized by ContractPolicy.comment); the owner
 * hears of it.
 */
@inject()
export default class AddReviewComment {
  constructor(protected events: ContractEventService) {}

  async handle(
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
}
