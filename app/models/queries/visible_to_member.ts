import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type CompanyMember from '#models/company_member'
import { isProvider } from '#enums/roles'

/**
 * Tenant scope of the hours records (`work_entries`, `retroactive_requests`):
 * the borrower side sees every row of its company, a provider only its own.
 */
export function visibleToMember<Query extends ModelQueryBuilderContract<any, any>>(
  query: Query,
  table: string,
  membership: CompanyMember
): Query {
  return query
    .where(`${table}.company_id`, membership.companyId)
    .if(isProvider(membership.role), (own) => own.where(`${table}.user_id`, membership.userId))
}
