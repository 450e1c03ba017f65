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

export interface SubmissionWindow {
  start: DateTime
  end: DateTime
}

/** weekly/biweekly with both days 1-7 count ISO weekdays (Monday = 1) */
const isWeekdaySchedule = (schedule: Schedule) =>
  (schedule.frequency === 'weekly' || schedule.frequency === 'biweekly') &&
  schedule.dayStart <= 7 &&
  schedule.dayEnd <= 7

/** The day `day` of a month, clamped to its length, at the start of the day */
const dayOf = (month: DateTime, day: number) =>
  month.set({ day: Math.min(day, month.daysInMonth!) }).startOf('day')

/**
 * The windows of the compliance month in the company timezone, in order.
 * Weekdays: one per week (biweekly: odd ISO weeks) starting in the month,
 * from weekday dayStart to weekday dayEnd (6 -> 1 runs Saturday to
 * Monday). Days of month (clamped): dayStart..dayEnd, and a wrapping
 * window (25 -> 5) runs from the 25th into the next month's 5th.
 */
function windowsOf(schedule: Schedule, year: number, month: number, zone: string) {
  const first = DateTime.fromObject({ year, month, day: 1 }, { zone })
  if (!isWeekdaySchedule(schedule)) {
    const endMonth = schedule.dayStart > schedule.dayEnd ? first.plus({ months: 1 }) : first
    return [
      {
        start: dayOf(first, schedule.dayStart),
        end: dayOf(endMonth, schedule.dayEnd).endOf('day'),
      },
    ]
  }
  const length = (schedule.dayEnd - schedule.dayStart + 7) % 7
  const windows: SubmissionWindow[] = []
  for (let day = first; day.month === first.month; day = day.plus({ days: 1 })) {
    if (day.weekday !== schedule.dayStart) continue
    if (schedule.frequency === 'biweekly' && day.weekNumber % 2 === 0) continue
    /**
     * startOf('day'): the walk keeps the wall time of its first day, so after
     * a DST change at midnight (America/Santiago) `day` would sit at 01:00
     */
    windows.push({ start: day.startOf('day'), end: day.plus({ days: length }).endOf('day') })
  }
  return windows
}

/**
 * The ONE window computation behind `submissionDeadline` and
 * `isSubmissionOpen`: the compliance month's window that holds `today`,
 * else its next one, else (the month's windows are over) its last one.
 * `today` is in the company timezone.
 */
export function submissionWindow(
  schedule: Schedule,
  year: number,
  month: number,
  today: DateTime
): SubmissionWindow {
  const windows = windowsOf(schedule, year, month, today.zoneName!)
  return windows.find((window) => window.end >= today) ?? windows[windows.length - 1]
}

/** Spec `submissionDeadline`: the end of that window */
export function submissionDeadline(
  schedule: Schedule,
  year: number,
  month: number,
  today: DateTime
) {
  return submissionWindow(schedule, year, month, today).end
}

/** Whether today (company timezone) is inside that window */
export function isWindowOpen(schedule: Schedule, year: number, month: number, today: DateTime) {
  const window = submissionWindow(schedule, year, month, today)
  return window.start <= today && today <= window.end
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
