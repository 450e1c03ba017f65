import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide, isCompanyAdmin } from '#support/roles'

export default class NotificationPolicy extends BasePolicy {
  /** I5: custom messages are sent by the borrower side */
  sendCustom(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }

  /** I8/I9: company notification settings are for owners and admins */
  manageCompanySettings(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isCompanyAdmin(membership.role)
  }
}
