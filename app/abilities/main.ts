import { Bouncer } from '@adonisjs/bouncer'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import { isBorrowerSide, isCompanyAdmin, isProvider } from '#support/roles'

/**
 * Role abilities of the request's membership (DESIGN.md, Tenancy and roles).
 */
export const borrowerSide = Bouncer.ability((_user: User, membership: CompanyMember) => {
  return isBorrowerSide(membership.role)
})

export const provider = Bouncer.ability((_user: User, membership: CompanyMember) => {
  return isProvider(membership.role)
})

export const companyAdmin = Bouncer.ability((_user: User, membership: CompanyMember) => {
  return isCompanyAdmin(membership.role)
})
