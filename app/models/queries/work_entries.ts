import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import WorkEntry from '#models/work_entry'
import RetroactiveRequest from '#models/retroactive_request'
import ContractPart from '#models/contract_part'
import { providerLinksOf } from '#models/queries/provider_links'
import { isProvider } from '#enums/roles'
import type CompanyMember from '#models/company_member'

/**
 * Tenant finders of hours: the borrower side sees every entry/request of
 * its company, a provider only its own (anything else is 404).
 */
export function visibleWorkEntries(membership: CompanyMember, trx?: TransactionClientContract) {
  return WorkEntry.query({ client: trx })
    .where('work_entries.company_id', membership.companyId)
    .if(isProvider(membership.role), (query) =>
      query.where('work_entries.user_id', membership.userId)
    )
}

export function visibleRetroactiveRequests(
  membership: CompanyMember,
  trx?: TransactionClientContract
) {
  return RetroactiveRequest.query({ client: trx })
    .where('retroactive_requests.company_id', membership.companyId)
    .if(isProvider(membership.role), (query) =>
      query.where('retroactive_requests.user_id', membership.userId)
    )
}

/**
 * The link ids of a provider (`providerId` = company id or user id) in
 * the context company; a provider may only ask for its own identities.
 */
export async function providerPartIds(membership: CompanyMember, providerId: string) {
  const query = isProvider(membership.role)
    ? providerLinksOf(membership.companyId, membership.userId)
    : ContractPart.query()
        .where('contract_parts.role', 'PROVIDER')
        .whereHas('contract', (contract) => {
          contract.where('company_id', membership.companyId).whereNull('deleted_at')
        })
  const parts = await query
    .where((identity) => {
      identity
        .where('contract_parts.company_id', providerId)
        .orWhere('contract_parts.user_id', providerId)
    })
    .select('contract_parts.id')
  return parts.map((part) => part.id)
}
