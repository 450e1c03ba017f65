import type { Infer } from '@vinejs/vine/types'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Contract from '#models/contract'
import type Company from '#models/company'
import type { boardContractsValidator, listContractsValidator } from '#validators/contract'
import { escapeLike } from '#support/like'

export type ContractFilters = Infer<typeof boardContractsValidator>

/**
 * The list fields the spec names for a contract in lists and board columns
 * (ContractDto.record): never the snapshot or the other wide columns
 */
export const CARD_COLUMNS = ['id', 'name', 'status', 'progress', 'created_at', 'updated_at'].map(
  (column) => `contracts.${column}`
)

/** The H1 / H2 filters (search on name: trigram index; ref; progress buckets) */
export function applyContractFilters(
  query: ModelQueryBuilderContract<typeof Contract>,
  filters: ContractFilters
) {
  return query
    .if(filters.search, (q) =>
      q.whereRaw('lower(contracts.name) like ?', [`%${escapeLike(filters.search!.toLowerCase())}%`])
    )
    .if(filters.status?.length, (q) => q.whereIn('contracts.status', filters.status!))
    .if(filters.ref, (q) => q.where('contracts.ref', filters.ref!))
    .if(filters.progress, (q) =>
      filters.progress === 100
        ? q.where('contracts.progress', '>', 80)
        : q.where('contracts.progress', '<=', filters.progress!)
    )
}

/**
 * Newest change first. With a name search the matches are few: order them
 * with `NULLS LAST` (updated_at is never null, so the same order) so the
 * planner filters through the trigram index and sorts, instead of walking
 * the whole (company_id, updated_at) index hoping to meet 20 matches.
 */
export function orderByNewest(
  query: ModelQueryBuilderContract<typeof Contract>,
  filters: ContractFilters
) {
  return filters.search
    ? query.orderByRaw('contracts.updated_at DESC NULLS LAST, contracts.id DESC')
    : query.orderBy('contracts.updated_at', 'desc').orderBy('contracts.id', 'desc')
}

/**
 * H1: the company's contracts, newest change first, paginated.
 */
export default class ListContracts {
  handle(company: Company, filters: Infer<typeof listContractsValidator>) {
    const query = Contract.query()
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .select(CARD_COLUMNS)
    return orderByNewest(applyContractFilters(query, filters), filters).paginate(
      filters.page ?? 1,
      filters.perPage ?? 20
    )
  }
}
