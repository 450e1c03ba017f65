import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Clock from '#services/platform/clock'
import ContractPart from '#models/contract_part'
import { inZone, minutesToHours } from '#support/hours'
import { NotFoundException } from '#exceptions/http_exceptions'
import type CompanyMember from '#models/company_member'

const bucket = (minutes: number) => ({ totalMinutes: minutes, totalHours: minutesToHours(minutes) })

/**
 * GET /monitoring/:id: the provider's hours by day (current week), by
 * week (weeks touching the current month) and by month (current year),
 * in the company timezone. One grouped query over the bounded range.
 */
@inject()
export default class SummarizeProviderHours {
  constructor(private clock: Clock) {}

  async handle(membership: CompanyMember, providerId: string) {
    const parts = await ContractPart.providerParts(membership, providerId)
    if (!(await parts.idsQuery().first())) throw new NotFoundException('errors.provider_not_found')

    const local = inZone(this.clock.now(), membership.company.timezone).startOf('day')
    const week = local.startOf('week')
    const month = local.startOf('month')
    const year = local.startOf('year')
    const from = DateTime.min(week, year)
    const to = DateTime.max(week.endOf('week'), year.endOf('year'))

    const ids = parts.idsSql()
    const { rows } = await db.rawQuery(
      `SELECT to_char(date, 'YYYY-MM-DD') AS day, sum(total_minutes)::int AS minutes
       FROM work_entries WHERE contract_part_id IN (${ids.sql}) AND date BETWEEN ? AND ?
       GROUP BY date`,
      [...ids.bindings, from.toISODate(), to.toISODate()]
    )
    const { rows: last } = await db.rawQuery(
      `SELECT to_char(max(date), 'YYYY-MM-DD') AS day FROM work_entries
        WHERE contract_part_id IN (${ids.sql})`,
      ids.bindings
    )
    const byDay = new Map<string, number>(rows.map((row: any) => [row.day, row.minutes]))
    const sum = (start: DateTime, end: DateTime) => {
      let total = 0
      for (const [day, minutes] of byDay) {
        if (day >= start.toISODate()! && day <= end.toISODate()!) total += minutes
      }
      return total
    }

    const days = Array.from({ length: 7 }, (_, index) => week.plus({ days: index }))
    const weeks: DateTime[] = []
    for (
      let start = month.startOf('week');
      start <= month.endOf('month');
      start = start.plus({ weeks: 1 })
    ) {
      weeks.push(start)
    }
    const months = Array.from({ length: 12 }, (_, index) => year.plus({ months: index }))

    return {
      providerId,
      timezone: local.zoneName!,
      today: local.toISODate()!,
      totalHoursWeek: minutesToHours(sum(week, week.endOf('week'))),
      totalHoursMonth: minutesToHours(sum(month, month.endOf('month'))),
      totalHoursYear: minutesToHours(sum(year, year.endOf('year'))),
      lastEntry: (last[0]?.day as string | null) ?? null,
      daily: days.map((day) => ({ date: day.toISODate()!, ...bucket(sum(day, day)) })),
      weekly: weeks.map((start) => ({
        weekStart: start.toISODate()!,
        weekEnd: start.endOf('week').toISODate()!,
        ...bucket(sum(start, start.endOf('week'))),
      })),
      monthly: months.map((start) => ({
        month: start.toFormat('yyyy-MM'),
        ...bucket(sum(start, start.endOf('month'))),
      })),
    }
  }
}
