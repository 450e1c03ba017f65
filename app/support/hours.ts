import type { DateTime } from 'luxon'

/** Dates of the current day, week (Monday-Sunday) and month in a company timezone */
export interface HoursPeriods {
  today: string
  weekStart: string
  weekEnd: string
  monthStart: string
  monthEnd: string
}

/** Direct entries may be logged for today and this many previous days */
export const ENTRY_WINDOW_DAYS = 7

/** A day holds at most 24 hours of work */
export const MAX_DAY_MINUTES = 24 * 60

/** Local time of an instant in the company timezone (UTC when the zone is invalid) */
export function inZone(now: DateTime, timezone: string): DateTime {
  const local = now.setZone(timezone)
  return local.isValid ? local : now.setZone('UTC')
}

/** The periods of the day last asked per timezone, valid from its start to the next day's */
const periodsOfDay = new Map<string, { from: number; until: number; periods: HoursPeriods }>()

/**
 * The day, week and month of an instant in a timezone. Every team and
 * hours read asks it, and Luxon's zone arithmetic cost more than the rest
 * of a cached page: the answer is kept per timezone for the day it holds
 * (its bounds in epoch milliseconds, so a clock moved back or forward
 * recomputes it).
 */
export function periodsAt(now: DateTime, timezone: string): HoursPeriods {
  const instant = now.toMillis()
  const known = periodsOfDay.get(timezone)
  if (known && instant >= known.from && instant < known.until) return known.periods
  const local = inZone(now, timezone)
  const periods = Object.freeze({
    today: local.toISODate()!,
    weekStart: local.startOf('week').toISODate()!,
    weekEnd: local.endOf('week').toISODate()!,
    monthStart: local.startOf('month').toISODate()!,
    monthEnd: local.endOf('month').toISODate()!,
  })
  if (periodsOfDay.size >= 256) periodsOfDay.clear()
  periodsOfDay.set(timezone, {
    from: local.startOf('day').toMillis(),
    until: local.endOf('day').toMillis() + 1,
    periods,
  })
  return periods
}

/** Minutes as decimal hours, two decimals (90 -> 1.5, 20 -> 0.33) */
export function minutesToHours(minutes: number | string | null | undefined): number {
  return Math.round((Number(minutes ?? 0) / 60) * 100) / 100
}

/**
 * minutesToHours in SQL, for a response built by PostgreSQL: the same
 * number as JSON prints it (`trim_scale`: 1.5, not 1.50; 0, not 0.00).
 * Whole minutes never fall on a half cent of an hour (5m/3 is n, n+1/3 or
 * n+2/3), so rounding ties cannot differ.
 */
export function minutesToHoursSql(minutes: string): string {
  return `trim_scale(round(coalesce(${minutes}, 0)::numeric / 60, 2))`
}
