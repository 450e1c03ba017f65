import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import type ContractReviewComment from '#models/contract_review_comment'
import { allows } from '#support/permissions'

/**
 * Record rules of contracts (the role gate has already checked the role).
 * Signers are checked against the signer list by the signature actions,
 * decisions against the reviewer list by DecideReview.
 */
export default class ContractPolicy extends BasePolicy {
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
}
