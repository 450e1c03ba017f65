import { inject } from '@adonisjs/core'
import Clock from '#services/platform/clock'
import WorkEntry from '#models/work_entry'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import { monthRowOf } from '#models/queries/hours_periods'
import { inZone } from '#support/hours'

/**
 * B6 / B7: one month of the caller (`YYYY-MM`; B6 = the current month in
 * the company timezone): its summary, the total per day and the entries.
 */
@inject()
export default class ShowHoursPeriod {
  constructor(private clock: Clock) {}

  currentPeriod(membership: CompanyMember) {
    return inZone(this.clock.now(), membership.company.timezone).toFormat('yyyy-MM')
  }

  /** The month's entries (with their tasks and links) in one statement, its summary counted from them */
  async handle(membership: CompanyMember, period: string) {
    const provider = await membership.providerIdentities()
    const parts = ContractPart.links().actedFor(provider.ids).ofBorrower(membership.companyId)
    const entries = await WorkEntry.ofLinksInMonth(parts.idsSql(), period, provider.plan)
    return { period, row: monthRowOf(period, entries), entries }
  }
}
