import db from '@adonisjs/lucid/services/db'
import CompanyMember from '#models/company_member'
import type Company from '#models/company'
import type { MemberRole } from '#enums/roles'
import {
  ConflictException,
  ForbiddenException,
  UnprocessableException,
} from '#exceptions/http_exceptions'

/**
 * DELETE /company/members/:userId: the membership goes, and with it the
 * user's access to the company at once (every company-scoped request
 * reads the membership). `provider` memberships belong to contracts
 * (422); only an owner removes an owner (403); the last owner stays (409).
 * The user's account and other companies are untouched.
 */
export default class RemoveCompanyMember {
  async handle(company: Company, callerRole: MemberRole, userId: string) {
    await db.transaction(async (trx) => {
      const member = await CompanyMember.findMember(company.id, userId, trx)
      if (member.role === 'provider') {
        throw new UnprocessableException('errors.provider_membership_by_contract')
      }
      if (member.role === 'owner') {
        if (callerRole !== 'owner') throw new ForbiddenException('errors.owner_removes_owner')
        if ((await CompanyMember.lockedOwnerCount(company.id, trx)) <= 1) {
          throw new ConflictException('errors.last_owner_removed')
        }
      }
      member.useTransaction(trx)
      await member.delete()
    })
  }
}
