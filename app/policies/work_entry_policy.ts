import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide, isProvider } from '#support/roles'

/**
 * Work entries: the borrower side reads every entry of its company, a
 * provider reads and writes its own (the finders scope them, so another
 * provider's entry is 404). Only providers write.
 */
export default class WorkEntryPolicy extends BasePolicy {
  view(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role) || isProvider(membership.role)
  }

  create(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isProvider(membership.role)
  }

  /** Ownership is enforced by the finder: another provider's entry is 404 */
  update(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isProvider(membership.role)
  }

  delete(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isProvider(membership.role)
  }
}
