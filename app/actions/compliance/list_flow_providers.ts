import type { Infer } from '@vinejs/vine/types'
import ComplianceFlow from '#models/compliance_flow'
import { attachedProvidersPage } from '#services/compliance/flows'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import type { listFlowProvidersValidator } from '#validators/compliance_flow'

type Filters = Infer<typeof listFlowProvidersValidator>

/** Attached providers per page unless `perPage` says otherwise */
export const FLOW_PROVIDERS_PER_PAGE = 20

/**
 * GET /compliance-flows/:id/providers: every attached provider of a flow
 * of the company, newest first, one page at a time (D1 embeds only the
 * first LIST_ATTACHED_PROVIDERS). `meta.total` is the flow's providersCount.
 */
export default class ListFlowProviders {
  async handle(companyId: string, flowId: string, filters: Filters) {
    const flow = await ComplianceFlow.findOwned(companyId, flowId)
    const page = filters.page ?? 1
    const perPage = filters.perPage ?? FLOW_PROVIDERS_PER_PAGE
    const total = flow.providersCount
    return {
      data: await attachedProvidersPage(flow.id, page, perPage),
      meta: PaginationMetaDto.from(total, page, perPage),
    }
  }
}
