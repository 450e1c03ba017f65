import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide } from '#support/roles'

/** Compliance flows and their attachments (D, E9-E13): the borrower side only */
export default class ComplianceFlowPolicy extends BasePolicy {
  manage(_user: User, membership: CompanyMember): AuthorizerResponse {
    return isBorrowerSide(membership.role)
  }
}
