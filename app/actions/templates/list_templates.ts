import type { Infer } from '@vinejs/vine/types'
import ContractTemplate from '#models/contract_template'
import type Company from '#models/company'
import type { listTemplatesValidator } from '#validators/contract_template'

/** The company's templates, newest change first, paginated */
export default class ListTemplates {
  handle(company: Company, filters: Infer<typeof listTemplatesValidator>) {
    return ContractTemplate.query()
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .if(filters.search, (q) => q.whereILike('name', `%${filters.search}%`))
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
