import { DateTime } from 'luxon'
import type { Frequency, StepStatus } from '#support/compliance'
import { OPEN_STEP_STATUSES } from '#support/compliance'

export interface Schedule {
  frequency: Frequency
  dayStart: number
  dayEnd: number
  monthStart: number | null
  monthEnd: number | null
}

/** `value` within [start, end], wrapping around when start > end */
const within = (value: number, start: number, end: number) =>
  start <= end ? value >= start && value <= end : value >= start || value <= end

/**
 * Whether a step has a compliance in `month` (decisions.md, Compliance):
 * weekly, biweekly and monthly every month; quarterly every third month
 * from monthStart (default January); custom within monthStart..monthEnd
 * (every month when either is null). Mirrored in SQL by DUE_STEP_SQL.
 */
export function isDueIn(schedule: Schedule, month: number) {
  if (schedule.frequency === 'quarterly') return (month - (schedule.monthStart ?? 1) + 12) % 3 === 0
  if (schedule.frequency === 'custom' && schedule.monthStart && schedule.monthEnd) {
    return within(month, schedule.monthStart, schedule.monthEnd)
  }
  return true
}

/** SQL twin of isDueIn for alias `s` and the named binding `:month` */
export const DUE_STEP_SQL = `(s.frequency IN ('weekly', 'biweekly', 'monthly')
  OR (s.frequency = 'quarterly' AND ((:month - coalesce(s.month_start, 1) + 12) % 3) = 0)
  OR (s.frequency = 'custom' AND (s.month_start IS NULL OR s.month_end IS NULL
      OR (s.month_start <= s.month_end AND :month BETWEEN s.month_start AND s.month_end)
      OR (s.month_start > s.month_end AND (:month >= s.month_start OR :month <= s.month_end)))))`

/** End of the day `dayEnd` of the compliance month (clamped), in the company timezone */
export function submissionDeadline(schedule: Schedule, year: number, month: number, zone: string) {
  const first = DateTime.fromObject({ year, month, day: 1 }, { zone })
  return first.set({ day: Math.min(schedule.dayEnd, first.daysInMonth!) }).endOf('day')
}

/**
 * Whether today (company timezone) is inside the step's submission window:
 * the compliance month is the current one and the day matches the schedule.
 * weekly/biweekly with days 1-7 use ISO weekdays (Monday = 1; biweekly on
 * odd ISO weeks); every other case uses days of the month (clamped).
 */
export function isWindowOpen(schedule: Schedule, year: number, month: number, today: DateTime) {
  if (today.year !== year || today.month !== month) return false
  const weekly = schedule.frequency === 'weekly' || schedule.frequency === 'biweekly'
  if (weekly && schedule.dayStart <= 7 && schedule.dayEnd <= 7) {
    if (schedule.frequency === 'biweekly' && today.weekNumber % 2 === 0) return false
    return within(today.weekday, schedule.dayStart, schedule.dayEnd)
  }
  const last = today.daysInMonth!
  return within(today.day, Math.min(schedule.dayStart, last), Math.min(schedule.dayEnd, last))
}

/** spec: isSubmissionOpen = the step still accepts sending and the window is open */
export function isSubmissionOpen(
  schedule: Schedule,
  status: StepStatus,
  year: number,
  month: number,
  today: DateTime
) {
  return OPEN_STEP_STATUSES.includes(status) && isWindowOpen(schedule, year, month, today)
}
