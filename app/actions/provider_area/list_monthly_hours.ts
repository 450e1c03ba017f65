import type { Infer } from '@vinejs/vine/types'
import ContractPart from '#models/contract_part'
import type CompanyMember from '#models/company_member'
import { queryMonths } from '#models/queries/hours_periods'
import { DEFAULT_PAGE_SIZE } from '#validators/team'
import type { listMonthlyHoursValidator } from '#validators/provider_hours'

type Filters = Infer<typeof listMonthlyHoursValidator>

/** B5: the caller's months with hours in the context company, newest first */
export default class ListMonthlyHours {
  async handle(membership: CompanyMember, filters: Filters) {
    const page = filters.page ?? 1
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE
    const provider = await membership.providerIdentities()
    const parts = ContractPart.links()
      .actedFor(provider.ids)
      .ofBorrower(membership.companyId)
      .idsSql()
    const result = await queryMonths(parts, { ...filters, page, pageSize }, provider.plan)
    return { ...result, page, pageSize }
  }
}
