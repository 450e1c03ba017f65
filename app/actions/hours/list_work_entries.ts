import type { Infer } from '@vinejs/vine/types'
import WorkEntry from '#models/work_entry'
import ContractPart from '#models/contract_part'
import { NotFoundException } from '#exceptions/http_exceptions'
import { DEFAULT_PAGE_SIZE } from '#validators/team'
import type CompanyMember from '#models/company_member'
import type { listWorkEntriesValidator } from '#validators/work_entry'

type Filters = Infer<typeof listWorkEntriesValidator>

/**
 * GET /monitoring/:id/entries: the entries of a provider (company id or
 * user id) in the context company, newest day first, with their tasks.
 */
export default class ListWorkEntries {
  async handle(membership: CompanyMember, providerId: string, filters: Filters) {
    const parts = await ContractPart.providerParts(membership, providerId)
    if (!(await parts.idsQuery().first())) throw new NotFoundException('errors.provider_not_found')
    return WorkEntry.query()
      .whereIn('contract_part_id', parts.idsQuery())
      .if(filters.startDate, (query) => query.where('date', '>=', filters.startDate!))
      .if(filters.endDate, (query) => query.where('date', '<=', filters.endDate!))
      .preload('tasks', (tasks) => tasks.orderBy('position'))
      .preload('contractPart')
      .orderBy('date', 'desc')
      .orderBy('id', 'asc')
      .paginate(filters.page ?? 1, filters.pageSize ?? DEFAULT_PAGE_SIZE)
  }
}
