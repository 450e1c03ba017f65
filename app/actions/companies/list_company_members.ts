import type { Infer } from '@vinejs/vine/types'
import CompanyMember from '#models/company_member'
import type Company from '#models/company'
import type { listCompanyMembersValidator } from '#validators/company_member'

type Filters = Infer<typeof listCompanyMembersValidator>

/**
 * Members of the context company, paginated, oldest first.
 */
export default class ListCompanyMembers {
  handle(company: Company, filters: Filters) {
    return CompanyMember.query()
      .where('company_id', company.id)
      .if(filters.role, (query) => query.where('role', filters.role!))
      .preload('user')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
