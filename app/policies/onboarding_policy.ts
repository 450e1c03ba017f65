import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide } from '#support/roles'

/**
 * Onboardings are managed by the borrower side of the contract's company
 * (links, e-mails, document review); records are loaded scoped to it.
 */
export default class OnboardingPolicy extends BasePolicy {
  manage(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  review(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }
}
