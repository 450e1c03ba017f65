import { CompanyFactory, CompanyMemberFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import type Company from '#models/company'
import type { MemberRole } from '#support/roles'

/** A new user with the given role in the company */
export async function memberOf(company: Company, role: MemberRole) {
  const user = await UserFactory.create()
  await CompanyMemberFactory.merge({ companyId: company.id, userId: user.id, role }).create()
  return user
}

/** A new company with its owner */
export async function companyWithOwner() {
  const company = await CompanyFactory.create()
  const owner = await memberOf(company, 'owner')
  return { company, owner }
}
