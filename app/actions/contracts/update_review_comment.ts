import type ContractReviewComment from '#models/contract_review_comment'

/** H14: the author edits the text of its comment (ContractPolicy.updateComment) */
export default class UpdateReviewComment {
  async handle(comment: ContractReviewComment, content: string) {
    comment.content = content
    return comment.save()
  }
}
