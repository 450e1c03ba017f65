import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import CompanyMember from '#models/company_member'
import type Company from '#models/company'
import type User from '#models/user'
import type { MemberRole } from '#enums/roles'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import CompanyMemberPolicy from '#policies/company_member_policy'
import type { RequestBouncer } from '#policies/base_policy'

interface Params {
  company: Company
  changedBy: User
  /** The request's membership, and its bouncer for CompanyMemberPolicy */
  caller: CompanyMember
  bouncer: RequestBouncer
  userId: string
  role: MemberRole
}

/**
 * PATCH /company/members/:userId: `provider` memberships belong to
 * contracts (422); only an owner gives or takes the owner role (403); the
 * last owner keeps it (409). The member hears of it (`role_changed`, scope
 * role); the same role again changes nothing and notifies nobody. The
 * new role applies from the member's next request.
 */
export default class ChangeMemberRole {
  async handle({ company, changedBy, caller, bouncer, userId, role }: Params) {
    return db.transaction(async (trx) => {
      const member = await CompanyMember.findMember(company.id, userId, trx)
      if (member.role === 'provider') {
        throw new UnprocessableException('errors.provider_membership_by_contract')
      }
      if (member.role === role) return member
      await bouncer.with(CompanyMemberPolicy).authorize('changeRole', caller, member, role)
      if (member.role === 'owner' && (await CompanyMember.lockedOwnerCount(company.id, trx)) <= 1) {
        throw new ConflictException('errors.last_owner_demoted')
      }

      const from = member.role
      member.useTransaction(trx)
      await member.merge({ role }).save()
      await emitter.emit('company:member_role_changed', {
        member: member.user,
        company,
        changedBy,
        from,
        to: role,
        trx,
      })
      return member
    })
  }
}
