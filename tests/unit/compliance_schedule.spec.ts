import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  isDueIn,
  isSubmissionOpen,
  isWindowOpen,
  submissionDeadline,
  submissionWindow,
} from '#services/compliance/schedule'
import { complianceStatusOf } from '#support/compliance'

const schedule = (
  frequency: any,
  dayStart: number,
  dayEnd: number,
  monthStart = null as number | null,
  monthEnd = null as number | null
) => ({
  frequency,
  dayStart,
  dayEnd,
  monthStart,
  monthEnd,
})
const at = (iso: string) => DateTime.fromISO(iso, { zone: 'America/Sao_Paulo' })

test.group('Compliance schedule', () => {
  test('due months per frequency', ({ assert }) => {
    assert.isTrue(isDueIn(schedule('monthly', 1, 5), 7))
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) =>
        isDueIn(schedule('quarterly', 1, 5), m)
      ),
      [1, 4, 7, 10]
    )
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) =>
        isDueIn(schedule('custom', 1, 5, 11, 2), m)
      ),
      [1, 2, 11, 12]
    )
    assert.isTrue(isDueIn(schedule('custom', 1, 5), 6))
  })

  test('windows: days of month (clamped), ISO weekdays, biweekly odd weeks', ({ assert }) => {
    assert.isTrue(isWindowOpen(schedule('monthly', 25, 31), 2026, 2, at('2026-02-28T10:00')))
    assert.isFalse(isWindowOpen(schedule('monthly', 1, 5), 2026, 2, at('2026-02-06T10:00')))
    assert.isFalse(isWindowOpen(schedule('monthly', 1, 31), 2026, 3, at('2026-02-06T10:00')))
    assert.isTrue(isWindowOpen(schedule('weekly', 1, 5), 2026, 3, at('2026-03-13T10:00')))
    assert.isFalse(isWindowOpen(schedule('weekly', 1, 5), 2026, 3, at('2026-03-14T10:00')))
    assert.isTrue(isWindowOpen(schedule('weekly', 6, 1), 2026, 3, at('2026-03-16T10:00')))
    assert.isTrue(isWindowOpen(schedule('biweekly', 1, 7), 2026, 3, at('2026-03-11T10:00')))
    assert.isFalse(isWindowOpen(schedule('biweekly', 1, 7), 2026, 3, at('2026-03-18T10:00')))
    assert.isTrue(isWindowOpen(schedule('weekly', 10, 20), 2026, 3, at('2026-03-15T10:00')))
  })

  test('a wrapping window crosses the month end; its deadline is its end', ({ assert }) => {
    const wrap = schedule('monthly', 25, 5)
    assert.isTrue(isWindowOpen(wrap, 2026, 3, at('2026-04-03T10:00')))
    assert.isFalse(isWindowOpen(wrap, 2026, 3, at('2026-03-03T10:00')))
    assert.isTrue(isWindowOpen(wrap, 2026, 2, at('2026-03-03T10:00')))
    assert.equal(
      submissionDeadline(wrap, 2026, 1, at('2026-01-10T10:00')).toISO(),
      '2026-02-05T23:59:59.999-03:00'
    )
    const weekdays = schedule('weekly', 1, 5)
    assert.equal(
      submissionDeadline(weekdays, 2026, 3, at('2026-03-31T10:00')).toISO(),
      '2026-04-03T23:59:59.999-03:00'
    )
    assert.equal(
      submissionDeadline(weekdays, 2026, 2, at('2026-03-31T10:00')).toISO(),
      '2026-02-27T23:59:59.999-03:00'
    )
  })

  test('isSubmissionOpen also needs an open step status; deadline is clamped', ({ assert }) => {
    const monthly = schedule('monthly', 1, 31)
    const today = at('2026-04-10T10:00')
    assert.isTrue(isSubmissionOpen(monthly, 'rejected', 2026, 4, today))
    for (const status of ['blocked', 'submitted', 'approved'] as const) {
      assert.isFalse(isSubmissionOpen(monthly, status, 2026, 4, today))
    }
    assert.equal(
      submissionDeadline(monthly, 2026, 4, today).toISO(),
      '2026-04-30T23:59:59.999-03:00'
    )
  })

  test('compliance status from its steps', ({ assert }) => {
    const of = (...statuses: any[]) => complianceStatusOf(statuses.map((status) => ({ status })))
    assert.equal(of('approved', 'approved'), 'approved')
    assert.equal(of('approved', 'rejected'), 'rejected')
    assert.equal(of('submitted', 'approved'), 'sent')
    assert.equal(of('submitted', 'blocked'), 'pending')
    assert.equal(of(), 'pending')
  })

  test('a weekday window starts at the start of its day after a midnight DST change', ({
    assert,
  }) => {
    /** America/Santiago skipped 2025-09-07 00:00; the walk used to keep 01:00 after it */
    const today = DateTime.fromISO('2025-09-28T23:00', { zone: 'America/Santiago' })
    const window = submissionWindow(schedule('weekly', 1, 5), 2025, 9, today)
    assert.equal(window.start.toISO(), '2025-09-29T00:00:00.000-03:00')
    assert.isTrue(
      isWindowOpen(
        schedule('weekly', 1, 5),
        2025,
        9,
        DateTime.fromISO('2025-09-29T00:30', { zone: 'America/Santiago' })
      )
    )
  })
})
