import CompanyMember from '#models/company_member'
import type User from '#models/user'

/**
 * The companies the user belongs to, each with the user's role.
 */
export default class ListUserCompanies {
  async handle(user: User) {
    const memberships: CompanyMember[] = await CompanyMember.ofUserWithCompany(user.id)
    return memberships.map((membership) => ({ company: membership.company, role: membership.role }))
  }
}
