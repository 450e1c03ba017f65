import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import type ContractReviewComment from '#models/contract_review_comment'
import type ContractReviewer from '#models/contract_reviewer'
import type ContractSignatureMember from '#models/contract_signature_member'
import AppPolicy from '#policies/base_policy'
import { allows } from '#support/permissions'

/**
 * Record rules of contracts (the role gate has already checked the role):
 * who comments, edits a comment, decides a review, signs or refuses.
 */
export default class ContractPolicy extends AppPolicy {
  /**
   * H13: a named reviewer of the contract comments; so does whoever
   * manages contracts (the author answers its reviewers). `user` only
   * when named.
   */
  comment(user: User, membership: CompanyMember, reviewerIds: string[]): AuthorizerResponse {
    return reviewerIds.includes(user.id) || allows(membership.role, 'contracts.manage')
  }

  updateComment(user: User, comment: ContractReviewComment): AuthorizerResponse {
    return comment.authorId === user.id
  }

  /**
   * H16-H18: only a reviewer of the contract decides; `reviewer` is the
   * caller's row in the contract's reviewer list, null when not on it
   */
  decideReview(user: User, reviewer: ContractReviewer | null): AuthorizerResponse {
    return this.allowIf(reviewer?.userId === user.id, 'errors.not_reviewer')
  }

  /**
   * Signing and refusing: only a signer of the contract; `signer` is the
   * caller's seat in the signature groups (memberFor), null when none
   */
  sign(user: User, signer: ContractSignatureMember | null): AuthorizerResponse {
    return this.allowIf(signer?.isSeatOf(user) === true, 'errors.not_signer')
  }

  rejectSignature(user: User, signer: ContractSignatureMember | null): AuthorizerResponse {
    return this.allowIf(signer?.isSeatOf(user) === true, 'errors.not_signer')
  }
}
