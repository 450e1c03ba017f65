import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import type ContractReviewComment from '#models/contract_review_comment'
import { isBorrowerSide, isProvider } from '#support/roles'

/**
 * Contracts: the borrower side authors and reviews them; a provider sees
 * its own contracts (B2-B4); signing is open to any member and checked
 * against the signer list by the action.
 */
export default class ContractPolicy extends BasePolicy {
  list(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role) || isProvider(membership.role)
  }

  manage(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  viewAsProvider(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isProvider(membership.role)
  }

  sign(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role) || isProvider(membership.role)
  }

  updateComment(user: User, comment: ContractReviewComment): AuthorizerResponse {
    return comment.authorId === user.id
  }
}
