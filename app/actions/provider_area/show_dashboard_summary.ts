import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/clock'
import ShowActiveContractSummary from '#actions/provider_area/show_active_contract_summary'
import { providerLinkIds } from '#models/queries/provider_links'
import { periodsAt } from '#support/hours'
import type CompanyMember from '#models/company_member'

/**
 * B10: hours this week and month, the active contract, and the counters
 * owned by other areas (pending compliance steps, unread notifications):
 * 0 until those tables exist in this tree.
 */
@inject()
export default class ShowDashboardSummary {
  constructor(
    private clock: Clock,
    private activeContract: ShowActiveContractSummary
  ) {}

  async handle(membership: CompanyMember) {
    const periods = periodsAt(this.clock.now(), membership.company.timezone)
    const partIds = await providerLinkIds(membership.companyId, membership.userId)
    let week = 0
    let month = 0
    if (partIds.length) {
      const { rows } = await db.rawQuery(
        `SELECT coalesce(sum(total_minutes) FILTER (WHERE date BETWEEN ? AND ?), 0)::int AS week,
                coalesce(sum(total_minutes) FILTER (WHERE date BETWEEN ? AND ?), 0)::int AS month
         FROM work_entries WHERE contract_part_id = ANY(?::uuid[]) AND date BETWEEN ? AND ?`,
        [
          periods.weekStart,
          periods.weekEnd,
          periods.monthStart,
          periods.monthEnd,
          partIds,
          periods.weekStart < periods.monthStart ? periods.weekStart : periods.monthStart,
          periods.weekEnd > periods.monthEnd ? periods.weekEnd : periods.monthEnd,
        ]
      )
      week = rows[0].week
      month = rows[0].month
    }
    return {
      weekMinutes: week,
      monthMinutes: month,
      active: await this.activeContract.find(membership),
      pendingComplianceSteps: 0,
      unreadNotifications: 0,
    }
  }
}
