import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide, isCompanyAdmin, isProvider } from '#support/roles'

/**
 * Team (E1-E6) and providers list (F) belong to the borrower side.
 * Clients (the mirror of the team for the provider side) are read by the
 * owner/admin of a provider company or by a natural-person provider.
 */
export default class TeamMemberPolicy extends BasePolicy {
  viewList(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  view(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  create(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  update(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  delete(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  listClients(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isCompanyAdmin(membership.role) || isProvider(membership.role)
  }
}
