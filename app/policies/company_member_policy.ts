import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type CompanyMember from '#models/company_member'
import type { MemberRole } from '#enums/roles'
import AppPolicy from '#policies/base_policy'

/**
 * Record rules of a company's memberships (the role gate has let an owner
 * or admin through): the owner role is given, taken and removed only by an
 * owner. `caller` is the request's membership.
 */
export default class CompanyMemberPolicy extends AppPolicy {
  /** POST /company/members: only an owner invites an owner */
  invite(_user: User, caller: CompanyMember, role: MemberRole): AuthorizerResponse {
    return this.allowIf(role !== 'owner' || caller.role === 'owner', 'errors.owner_invites_owner')
  }

  /** PATCH /company/members/:userId: only an owner gives or takes the owner role */
  changeRole(
    _user: User,
    caller: CompanyMember,
    member: CompanyMember,
    role: MemberRole
  ): AuthorizerResponse {
    const touchesOwner = member.role === 'owner' || role === 'owner'
    return this.allowIf(!touchesOwner || caller.role === 'owner', 'errors.owner_changes_owner')
  }

  /** DELETE /company/members/:userId: only an owner removes an owner */
  remove(_user: User, caller: CompanyMember, member: CompanyMember): AuthorizerResponse {
    return this.allowIf(
      member.role !== 'owner' || caller.role === 'owner',
      'errors.owner_removes_owner'
    )
  }
}
