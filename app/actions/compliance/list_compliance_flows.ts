import type { Infer } from '@vinejs/vine/types'
import { attachedProvidersOf, flowsOf } from '#services/compliance/flows'
import ComplianceFlowDto from '#dtos/compliance_flow_dto'
import type { listComplianceFlowsValidator } from '#validators/compliance_flow'

type Filters = Infer<typeof listComplianceFlowsValidator>

/** Embedded attached providers per flow in the list (D2 has them all) */
export const LIST_ATTACHED_PROVIDERS = 20

/**
 * D1: the company's flows, newest change first, filtered by name
 * (case-insensitive) and status.
 */
export default class ListComplianceFlows {
  async handle(companyId: string, filters: Filters) {
    const search = filters.search?.toLowerCase()
    const page = await flowsOf(companyId)
      .if(search, (query) => query.whereRaw('lower(name) like ?', [`%${search}%`]))
      .if(filters.status && filters.status !== 'all', (query) =>
        query.where('status', filters.status!)
      )
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(filters.page ?? 1, filters.perPage ?? 100)
    const flows = page.all()
    const attached = await attachedProvidersOf(
      flows.map((flow) => flow.id),
      LIST_ATTACHED_PROVIDERS
    )
    return { data: ComplianceFlowDto.fromFlows(flows, attached), total: page.total }
  }
}
