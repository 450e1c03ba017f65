import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide, isProvider } from '#support/roles'

/**
 * Retroactive requests: providers file them, the borrower side reviews.
 * Both list (a provider sees its own only).
 */
export default class RetroactiveRequestPolicy extends BasePolicy {
  viewList(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role) || isProvider(membership.role)
  }

  create(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isProvider(membership.role)
  }

  review(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }
}
