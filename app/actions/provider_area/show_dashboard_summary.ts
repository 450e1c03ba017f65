import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'
import ContractPart from '#models/contract_part'
import { periodsAt, type HoursPeriods } from '#support/hours'
import CompanyMember, { type ProviderIdentities } from '#models/company_member'
import { inboxCountsQuery } from '#services/notifications/counters'
import { runListStatement } from '#support/prepared_statement'
import { activeContractWith } from '#actions/provider_area/show_active_contract_summary'
import type { ContractStatus } from '#enums/contract_status'

/**
 * B10: hours this week and month, the active contract, the caller's step
 * compliances of the current month (company timezone) still to send
 * (pending, in_progress, rejected; as its user and every company it
 * owns) and its unread notifications in the context company. The
 * caller's identities are read first (they decide how the rest is
 * planned), then the four parts in one statement, each a sub-select: each
 * part ran in 0.02-0.05 ms, and as four statements their round trips cost
 * the API and PostgreSQL ten times that.
 */
@inject()
export default class ShowDashboardSummary {
  constructor(private clock: Clock) {}

  async handle(membership: CompanyMember) {
    const periods = periodsAt(this.clock.now(), membership.company.timezone)
    const provider = await membership.providerIdentities()
    const parts = {
      hours: this.#hours(membership, provider, periods).toSQL(),
      active: ContractPart.signedProviderContractQuery(membership.companyId, provider).toSQL(),
      steps: this.#pendingSteps(membership, provider.ids, periods.monthStart).toSQL(),
      unread: inboxCountsQuery(membership.userId, membership.companyId).toSQL(),
    }
    const { rows } = await runListStatement(
      db.rawQuery(
        `SELECT hours.week, hours.month, active.id AS active_id, active.status AS active_status,
                (${parts.steps.sql}) AS pending_steps,
                coalesce((SELECT inbox.unread FROM (${parts.unread.sql}) inbox), 0) AS unread
           FROM (${parts.hours.sql}) hours
           LEFT JOIN LATERAL (${parts.active.sql}) active ON true`,
        [
          ...parts.steps.bindings,
          ...parts.unread.bindings,
          ...parts.hours.bindings,
          ...parts.active.bindings,
        ]
      ),
      provider.plan
    )
    const [row] = rows
    return {
      weekMinutes: row.week as number,
      monthMinutes: row.month as number,
      active: row.active_id
        ? await activeContractWith(membership, {
            id: row.active_id as string,
            status: row.active_status as ContractStatus,
          })
        : null,
      pendingComplianceSteps: row.pending_steps as number,
      unreadNotifications: Number(row.unread),
    }
  }

  /** The minutes of the caller's links this week and this month (one row) */
  #hours(membership: CompanyMember, provider: ProviderIdentities, periods: HoursPeriods) {
    /** The caller's links as a sub-select: a provider company may hold thousands */
    const links = ContractPart.links()
      .actedFor(provider.ids)
      .ofBorrower(membership.companyId)
      .query.select('contract_parts.id')
    return db
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
  }

  /** The count of the caller's steps still to send this month (one value) */
  #pendingSteps(membership: CompanyMember, providerIds: string[], monthStart: string) {
    const [year, month] = monthStart.split('-').map(Number)
    return db
      .from('step_compliances as s')
      .join('provider_compliances as c', 'c.id', 's.provider_compliance_id')
      .where('c.company_id', membership.companyId)
      .whereIn('c.provider_id', providerIds)
      .where('c.year', year)
      .where('c.month', month)
      .whereIn('s.status', ['pending', 'in_progress', 'rejected'])
      .select(db.raw('count(*)::int'))
  }
}
