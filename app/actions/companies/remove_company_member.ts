import db from '@adonisjs/lucid/services/db'
import CompanyMember from '#models/company_member'
import type Company from '#models/company'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import CompanyMemberPolicy from '#policies/company_member_policy'
import type { RequestBouncer } from '#policies/base_policy'

/**
 * DELETE /company/members/:userId: the membership goes, and with it the
 * user's access to the company at once (every company-scoped request
 * reads the membership). `provider` memberships belong to contracts
 * (422); only an owner removes an owner (403); the last owner stays (409).
 * The user's account and other companies are untouched.
 */
export default class RemoveCompanyMember {
  async handle(company: Company, caller: CompanyMember, bouncer: RequestBouncer, userId: string) {
    await db.transaction(async (trx) => {
      const member = await CompanyMember.findMember(company.id, userId, trx)
      if (member.role === 'provider') {
        throw new UnprocessableException('errors.provider_membership_by_contract')
      }
      await bouncer.with(CompanyMemberPolicy).authorize('remove', caller, member)
      if (member.role === 'owner' && (await CompanyMember.lockedOwnerCount(company.id, trx)) <= 1) {
        throw new ConflictException('errors.last_owner_removed')
      }
      member.useTransaction(trx)
      await member.delete()
    })
  }
}
