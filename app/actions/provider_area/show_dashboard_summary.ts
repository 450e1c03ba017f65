import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'
import ShowActiveContractSummary from '#actions/provider_area/show_active_contract_summary'
import ContractPart from '#models/contract_part'
import { periodsAt } from '#support/hours'
import CompanyMember from '#models/company_member'
import { inboxCounts } from '#services/notifications/counters'

/**
 * B10: hours this week and month, the active contract, the caller's step
 * compliances of the current month (company timezone) still to send
 * (pending, in_progress, rejected; as its user and every company it
 * owns) and its unread notifications in the context company.
 */
@inject()
export default class ShowDashboardSummary {
  constructor(
    private clock: Clock,
    private activeContract: ShowActiveContractSummary
  ) {}

  async handle(membership: CompanyMember) {
    const periods = periodsAt(this.clock.now(), membership.company.timezone)
    const providerIds = await CompanyMember.providerIdsOf(membership.userId)
    /** The caller's links as a sub-select: a provider company may hold thousands */
    const links = ContractPart.links()
      .actedFor(providerIds)
      .ofBorrower(membership.companyId)
      .query.select('contract_parts.id')
    const [{ week, month }] = await db
      .from('work_entries')
      .whereIn('contract_part_id', links)
      .whereBetween('date', [
        periods.weekStart < periods.monthStart ? periods.weekStart : periods.monthStart,
        periods.weekEnd > periods.monthEnd ? periods.weekEnd : periods.monthEnd,
      ])
      .select(
        db.raw('coalesce(sum(total_minutes) FILTER (WHERE date BETWEEN ? AND ?), 0)::int AS week', [
          periods.weekStart,
          periods.weekEnd,
        ]),
        db.raw(
          'coalesce(sum(total_minutes) FILTER (WHERE date BETWEEN ? AND ?), 0)::int AS month',
          [periods.monthStart, periods.monthEnd]
        )
      )
    return {
      weekMinutes: week,
      monthMinutes: month,
      active: await this.activeContract.find(membership),
      pendingComplianceSteps: await this.#pendingSteps(membership, periods.monthStart),
      unreadNotifications: await this.#unread(membership),
    }
  }

  async #pendingSteps(membership: CompanyMember, monthStart: string) {
    const [year, month] = monthStart.split('-').map(Number)
    const [row] = await db
      .from('step_compliances as s')
      .join('provider_compliances as c', 'c.id', 's.provider_compliance_id')
      .where('c.company_id', membership.companyId)
      .whereIn('c.provider_id', await CompanyMember.providerIdsOf(membership.userId))
      .where('c.year', year)
      .where('c.month', month)
      .whereIn('s.status', ['pending', 'in_progress', 'rejected'])
      .count('* as total')
    return Number(row.total)
  }

  /** The kept counter, as I2: it honours read-all's watermark, the column alone does not */
  async #unread(membership: CompanyMember) {
    const { unread } = await inboxCounts(membership.userId, membership.companyId)
    return unread
  }
}
