import { inject } from '@adonisjs/core'
import Clock from '#services/platform/clock'
import WorkEntry from '#models/work_entry'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import { queryMonths } from '#models/queries/hours_periods'
import { inZone } from '#support/hours'
import { plannedAs, prepared } from '#support/prepared_statement'

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

  async handle(membership: CompanyMember, period: string) {
    const provider = await CompanyMember.providerIdentitiesOf(membership.userId)
    const parts = ContractPart.links().actedFor(provider.ids).ofBorrower(membership.companyId)
    const entries = WorkEntry.query()
      .whereIn('contract_part_id', parts.idsQuery())
      .whereRaw("date BETWEEN ?::date AND (?::date + interval '1 month' - interval '1 day')", [
        `${period}-01`,
        `${period}-01`,
      ])
      .preload('tasks', (tasks) => prepared(tasks.orderBy('position')))
      .preload('contractPart', (part) => prepared(part))
      .orderBy('date', 'asc')
    /** The month's summary and its entries at once: neither waits for the other */
    const [{ rows }, monthEntries] = await Promise.all([
      queryMonths(parts.idsSql(), { month: period, page: 1, pageSize: 1 }, provider.plan),
      plannedAs(entries, provider.plan).exec(),
    ])
    return { period, row: rows[0], entries: monthEntries }
  }
}
