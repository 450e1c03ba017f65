import type { Infer } from '@vinejs/vine/types'
import Workflow from '#models/workflow'
import type Company from '#models/company'
import type { listWorkflowsValidator } from '#validators/workflow'

/** The company's workflows, newest change first, paginated */
export default class ListWorkflows {
  handle(company: Company, filters: Infer<typeof listWorkflowsValidator>) {
    return Workflow.query()
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .if(filters.search, (q) => q.whereILike('name', `%${filters.search}%`))
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
