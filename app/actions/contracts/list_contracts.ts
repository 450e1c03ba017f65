import type { Infer } from '@vinejs/vine/types'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Contract from '#models/contract'
import type Company from '#models/company'
import type { boardContractsValidator, listContractsValidator } from '#validators/contract'

export type ContractFilters = Infer<typeof boardContractsValidator>

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

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * H1: the company's contracts, newest change first, paginated.
 */
export default class ListContracts {
  handle(company: Company, filters: Infer<typeof listContractsValidator>) {
    const query = Contract.query().withScopes((scopes) => scopes.ownedBy(company.id))
    return applyContractFilters(query, filters)
      .orderBy('contracts.updated_at', 'desc')
      .orderBy('contracts.id', 'desc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
