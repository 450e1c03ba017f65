import type { Infer } from '@vinejs/vine/types'
import { flowPage } from '#services/compliance/flows'
import ComplianceFlowDto from '#dtos/compliance_flow_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import type { listComplianceFlowsValidator } from '#validators/compliance_flow'

type Filters = Infer<typeof listComplianceFlowsValidator>

/** Embedded attached providers per flow in the list (the rest: D2 or GET /:id/providers) */
export const LIST_ATTACHED_PROVIDERS = 20

/** Flows per D1 page unless `perPage` says otherwise (also the maximum) */
export const LIST_FLOWS_PER_PAGE = 100

/**
 * D1: the company's flows, newest change first, filtered by name
 * (case-insensitive) and status, one page at a time. The body says what
 * it leaves out: `meta` (page, perPage, totalPages) beside `total`, and per
 * flow `attachedProvidersTruncated` beside the exact `providersCount`.
 */
export default class ListComplianceFlows {
  async handle(companyId: string, filters: Filters) {
    const page = filters.page ?? 1
    const perPage = filters.perPage ?? LIST_FLOWS_PER_PAGE
    const { flows, total } = await flowPage(companyId, {
      search: filters.search,
      status: filters.status && filters.status !== 'all' ? filters.status : undefined,
      page,
      perPage,
      attachedLimit: LIST_ATTACHED_PROVIDERS,
    })
    return {
      data: ComplianceFlowDto.fromRows(flows),
      total,
      meta: PaginationMetaDto.fromPaginator({
        total,
        currentPage: page,
        perPage,
        lastPage: Math.max(1, Math.ceil(total / perPage)),
      }),
    }
  }
}
