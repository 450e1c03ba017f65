import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShowActiveContractSummary from '#actions/provider_area/show_active_contract_summary'
import ListMonthlyHours from '#actions/provider_area/list_monthly_hours'
import ShowHoursPeriod from '#actions/provider_area/show_hours_period'
import ShowDashboardSummary from '#actions/provider_area/show_dashboard_summary'
import ActiveContractSummaryDto from '#dtos/active_contract_summary_dto'
import HoursPeriodDto from '#dtos/hours_period_dto'
import WorkEntryDto from '#dtos/work_entry_dto'
import PageMetaDto from '#dtos/page_meta_dto'
import { minutesToHours } from '#support/hours'
import { hoursPeriodValidator, listMonthlyHoursValidator } from '#validators/provider_hours'

/**
 * Provider area (B1, B5-B7, B10): role provider (route middleware), the
 * context company being the borrower the provider works for.
 */
export default class ProviderAreaController {
  @inject()
  async activeContract({ membership }: HttpContext, showSummary: ShowActiveContractSummary) {
    const { contract, borrower, logo } = await showSummary.handle(membership)
    return ActiveContractSummaryDto.from(contract, borrower, logo)
  }

  @inject()
  async hours({ request, membership }: HttpContext, listMonths: ListMonthlyHours) {
    const filters = await request.validateUsing(listMonthlyHoursValidator)
    const { rows, total, page, pageSize } = await listMonths.handle(membership, filters)
    return {
      data: rows.map((row) => HoursPeriodDto.fromRow(row)),
      meta: PageMetaDto.from(total, page, pageSize),
    }
  }

  @inject()
  async currentHours({ membership }: HttpContext, showPeriod: ShowHoursPeriod) {
    return this.period(await showPeriod.handle(membership, showPeriod.currentPeriod(membership)))
  }

  @inject()
  async hoursPeriod({ request, membership }: HttpContext, showPeriod: ShowHoursPeriod) {
    const { params } = await request.validateUsing(hoursPeriodValidator)
    return this.period(await showPeriod.handle(membership, params.id))
  }

  @inject()
  async summary({ membership }: HttpContext, showSummary: ShowDashboardSummary) {
    const summary = await showSummary.handle(membership)
    return {
      data: {
        hoursThisWeek: minutesToHours(summary.weekMinutes),
        hoursThisMonth: minutesToHours(summary.monthMinutes),
        activeContract: summary.active
          ? ActiveContractSummaryDto.from(
              summary.active.contract,
              summary.active.borrower,
              summary.active.logo
            )
          : null,
        pendingComplianceSteps: summary.pendingComplianceSteps,
        unreadNotifications: summary.unreadNotifications,
      },
    }
  }

  private period(result: Awaited<ReturnType<ShowHoursPeriod['handle']>>) {
    const days = new Map<string, number>()
    for (const entry of result.entries) {
      const day = entry.date.toISODate()!
      days.set(day, (days.get(day) ?? 0) + entry.totalMinutes)
    }
    return {
      data: {
        ...HoursPeriodDto.empty(result.period, result.row),
        days: [...days].map(([date, minutes]) => ({
          date,
          totalMinutes: minutes,
          totalHours: minutesToHours(minutes),
        })),
        entries: result.entries.map((entry) => WorkEntryDto.fromModel(entry)),
      },
    }
  }
}
