import type { Infer } from '@vinejs/vine/types'
import RetroactiveRequest from '#models/retroactive_request'
import { DEFAULT_PAGE_SIZE } from '#validators/team'
import type CompanyMember from '#models/company_member'
import type { listRetroactiveRequestsValidator } from '#validators/retroactive_request'

type Filters = Infer<typeof listRetroactiveRequestsValidator>

/** GET /monitoring/retroactive-requests: newest first; a provider sees its own */
export default class ListRetroactiveRequests {
  handle(membership: CompanyMember, filters: Filters) {
    return RetroactiveRequest.visibleTo(membership)
      .if(filters.status, (query) => query.where('status', filters.status!))
      .preload('contractPart')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .paginate(filters.page ?? 1, filters.pageSize ?? DEFAULT_PAGE_SIZE)
  }
}
