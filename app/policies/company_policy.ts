import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide } from '#support/roles'

export default class CompanyPolicy extends BasePolicy {
  /** The member list of a company is visible to its borrower side only */
  listMembers(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }
}
