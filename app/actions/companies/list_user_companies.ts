import CompanyMember from '#models/company_member'
import type User from '#models/user'
import { logoUrl } from '#services/files/logo_urls'

/**
 * The companies the user belongs to, each with the user's role and the
 * logo's URL.
 */
export default class ListUserCompanies {
  async handle(user: User) {
    const memberships: CompanyMember[] = await CompanyMember.ofUserWithCompany(user.id)
    return Promise.all(
      memberships.map(async ({ company, role }) => ({
        company,
        role,
        logo: await logoUrl(company.logo),
      }))
    )
  }
}
