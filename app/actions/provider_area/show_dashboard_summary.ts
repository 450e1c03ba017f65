import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'
import ShowActiveContractSummary from '#actions/provider_area/show_active_contract_summary'
import ContractPart from '#models/contract_part'
import { periodsAt, type HoursPeriods } from '#support/hours'
import CompanyMember, { type ProviderIdentities } from '#models/company_member'
import { inboxCounts } from '#services/notifications/counters'
import { plannedAs, prepared } from '#support/prepared_statement'

/**
 * B10: hours this week and month, the active contract, the caller's step
 * compliances of the current month (company timezone) still to send
 * (pending, in_progress, rejected; as its user and every company it
 * owns) and its unread notifications in the context company. The
 * caller's identities are read once, then the four parts at once: read
 * one after the other, its nine statements each waited their turn on a
 * busy server (p50 257 ms in the mixed bench, against 70 for a list).
 */
@inject()
export default class ShowDashboardSummary {
  constructor(
    private clock: Clock,
    private activeContract: ShowActiveContractSummary
  ) {}

  async handle(membership: CompanyMember) {
    const periods = periodsAt(this.clock.now(), membership.company.timezone)
    const provider = await CompanyMember.providerIdentitiesOf(membership.userId)
    const [hours, active, pendingComplianceSteps, unreadNotifications] = await Promise.all([
      this.#hours(membership, provider, periods),
      this.activeContract.find(membership, provider),
      this.#pendingSteps(membership, provider.ids, periods.monthStart),
      this.#unread(membership),
    ])
    return {
      weekMinutes: hours.week,
      monthMinutes: hours.month,
      active,
      pendingComplianceSteps,
      unreadNotifications,
    }
  }

  /** The minutes of the caller's links this week and this month */
  async #hours(membership: CompanyMember, provider: ProviderIdentities, periods: HoursPeriods) {
    /** The caller's links as a sub-select: a provider company may hold thousands */
    const links = ContractPart.links()
      .actedFor(provider.ids)
      .ofBorrower(membership.companyId)
      .query.select('contract_parts.id')
    const sums = db
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
    const [{ week, month }] = await plannedAs(sums, provider.plan)
    return { week: week as number, month: month as number }
  }

  async #pendingSteps(membership: CompanyMember, providerIds: string[], monthStart: string) {
    const [year, month] = monthStart.split('-').map(Number)
    const [row] = await prepared(
      db
        .from('step_compliances as s')
        .join('provider_compliances as c', 'c.id', 's.provider_compliance_id')
        .where('c.company_id', membership.companyId)
        .whereIn('c.provider_id', providerIds)
        .where('c.year', year)
        .where('c.month', month)
        .whereIn('s.status', ['pending', 'in_progress', 'rejected'])
        .count('* as total')
    )
    return Number(row.total)
  }

  /** The kept counter, as I2: it honours read-all's watermark, the column alone does not */
  async #unread(membership: CompanyMember) {
    const { unread } = await inboxCounts(membership.userId, membership.companyId)
    return unread
  }
}
