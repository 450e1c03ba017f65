import { CompanyFactory, CompanyMemberFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import type Company from '#models/company'
import type User from '#models/user'
import type { MemberRole } from '#enums/roles'

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

/**
 * Links a person (or, through its owner, a legal entity) to a borrower
 * the legitimate way, as E4 registration or an accepted invitation does:
 * a `provider` membership. Contracts accept only linked parties.
 */
export async function linkProvider(borrower: Company, user: User) {
  await CompanyMemberFactory.merge({
    companyId: borrower.id,
    userId: user.id,
    role: 'provider',
  }).create()
}
