import type { MonthRow } from '#models/queries/hours_periods'
import { minutesToHours } from '#support/hours'

/** A monthly hours summary of the provider area (B5-B7); `id` is `YYYY-MM` */
export default class HoursPeriodDto {
  static fromRow(row: MonthRow) {
    return HoursPeriodDto.empty(row.period, row)
  }

  static empty(period: string, row?: MonthRow) {
    const [year, month] = period.split('-').map(Number)
    return {
      id: period,
      year,
      month,
      totalMinutes: row?.minutes ?? 0,
      totalHours: minutesToHours(row?.minutes ?? 0),
      entriesCount: row?.entries ?? 0,
      daysWorked: row?.days ?? 0,
      firstEntry: row?.first_day ?? null,
      lastEntry: row?.last_day ?? null,
    }
  }
}
