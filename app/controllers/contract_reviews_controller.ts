import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ContractReviewComment from '#models/contract_review_comment'
import ShowReviewOverview from '#actions/contracts/show_review_overview'
import ListReviewComments from '#actions/contracts/list_review_comments'
import AddReviewComment from '#actions/contracts/add_review_comment'
import UpdateReviewComment from '#actions/contracts/update_review_comment'
import ReviewItems from '#services/contracts/review_items'
import DecideReview from '#actions/contracts/decide_review'
import RemindReviewers from '#actions/contracts/remind_reviewers'
import ContractReviewDto from '#dtos/contract_review_dto'
import ContractPolicy from '#policies/contract_policy'
import type { ReviewDecision } from '#models/contract_review_approval'
import {
  addReviewCommentValidator,
  approveReviewValidator,
  rejectReviewValidator,
  updateReviewCommentValidator,
} from '#validators/contract_review'

export default class ContractReviewsController {
  /** H12: GET /contracts/:id/review */
  @inject()
  async show({ params, company }: HttpContext, overview: ShowReviewOverview) {
    return { data: await overview.handle(company, params.id) }
  }

  /** H15: GET /contracts/:id/review/:contractItemId/comments */
  @inject()
  async comments({ params, company }: HttpContext, list: ListReviewComments) {
    const rows = await list.handle(company, params.id, params.contractItemId)
    return { data: rows.map((row) => ContractReviewDto.comment(row)) }
  }

  /** H13: POST /contracts/:id/review/:contractItemId/comment */
  @inject()
  async comment(
    { request, response, params, auth, bouncer, company, membership }: HttpContext,
    items: ReviewItems,
    add: AddReviewComment
  ) {
    const ids = { contractId: params.id, itemId: params.contractItemId }
    const target = await items.target(company, ids)
    await bouncer.with(ContractPolicy).authorize('comment', membership, target.reviewerIds)
    const body = await request.validateUsing(addReviewCommentValidator)
    const comment = await add.handle(target, auth.getUserOrFail(), body)
    return response.created({ data: ContractReviewDto.comment(comment) })
  }

  /** H14: PATCH /contracts/:id/review/:contractItemId/comments/:commentId (author only) */
  @inject()
  async updateComment(
    { request, params, bouncer, company }: HttpContext,
    update: UpdateReviewComment
  ) {
    const { content } = await request.validateUsing(updateReviewCommentValidator)
    const comment = await ContractReviewComment.findOwned(company.id, {
      contractId: params.id,
      itemId: params.contractItemId,
      commentId: params.commentId,
    })
    await bouncer.with(ContractPolicy).authorize('updateComment', comment)
    return { data: ContractReviewDto.comment(await update.handle(comment, content)) }
  }

  /** POST /contracts/:id/review/:contractItemId/{approve,reject,request-changes} */
  async approve(ctx: HttpContext) {
    const { comment } = await ctx.request.validateUsing(approveReviewValidator)
    return this.#decide(ctx, 'approved', comment ?? null)
  }

  async reject(ctx: HttpContext) {
    const { comment } = await ctx.request.validateUsing(rejectReviewValidator)
    return this.#decide(ctx, 'rejected', comment)
  }

  async requestChanges(ctx: HttpContext) {
    const { comment } = await ctx.request.validateUsing(rejectReviewValidator)
    return this.#decide(ctx, 'changes_requested', comment)
  }

  /** POST /contracts/:id/review/reminders */
  @inject()
  async remind({ params, auth, company }: HttpContext, remind: RemindReviewers) {
    return { data: await remind.handle(company, auth.getUserOrFail(), params.id) }
  }

  async #decide(ctx: HttpContext, decision: ReviewDecision, comment: string | null) {
    const decide = await ctx.containerResolver.make(DecideReview)
    const ids = { contractId: ctx.params.id, itemId: ctx.params.contractItemId }
    const approval = await decide.handle(
      ctx.company,
      ctx.auth.getUserOrFail(),
      ctx.bouncer,
      ids,
      decision,
      comment
    )
    return { data: ContractReviewDto.decision(approval) }
  }
}
