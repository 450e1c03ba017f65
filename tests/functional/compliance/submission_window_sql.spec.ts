import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime, Settings } from 'luxon'
import { submissionWindow, type Schedule } from '#services/compliance/schedule'

/**
 * C1 computes each step's submission window in PostgreSQL
 * (`compliance_submission_window`, migration 1764100040001) and prints its
 * timestamps there (`api_timestamp`). Both must say exactly what the
 * TypeScript they replace says: compared here over every kind of schedule
 * (weekdays, biweekly, days of month, clamped, wrapping into the next
 * month), two years of months (leap February, year ends), zones with and
 * without DST (midnight DST changes included) and "todays" before,
 * inside, at the edges of and after the windows.
 */
/** quarterly and custom windows are days-of-month windows (their months only decide due-ness) */
const FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly'] as const
const DAYS: [number, number][] = [
  [1, 5],
  [6, 1],
  [7, 7],
  [1, 7],
  [3, 3],
  [5, 4],
  [10, 20],
  [25, 5],
  [28, 31],
  [31, 31],
  [29, 2],
  [1, 31],
]
const ZONES = [
  'America/Sao_Paulo',
  'UTC',
  'Etc/UTC',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'America/Santiago',
  'Asia/Beirut',
]
/** 2024-11 .. 2026-02: leap February 2024 is out of reach, so also 2024-02 and 2024-03 */
const MONTHS = [
  [2024, 2],
  [2024, 3],
  ...Array.from({ length: 16 }, (_, index) => {
    const month = DateTime.utc(2024, 11, 1).plus({ months: index })
    return [month.year, month.month]
  }),
]

interface Case {
  i: number
  frequency: string
  day_start: number
  day_end: number
  year: number
  month: number
  zone: string
  zulu: boolean
  today: string
}

function cases() {
  const all: (Case & { schedule: Schedule; now: DateTime })[] = []
  for (const zone of ZONES) {
    for (const [year, month] of MONTHS) {
      const first = DateTime.fromObject({ year, month, day: 1 }, { zone })
      /** before, inside, the last millisecond of a day, late in the month, after the month */
      const todays = [
        first.minus({ days: 3 }).set({ hour: 12 }),
        first.plus({ days: 4, hours: 10 }),
        first.plus({ days: 5 }).minus({ milliseconds: 1 }),
        first.set({ day: 28 }).set({ hour: 23, minute: 59, second: 59, millisecond: 999 }),
        first.plus({ months: 1, days: 8, hours: 8 }),
      ]
      for (const frequency of FREQUENCIES) {
        for (const [dayStart, dayEnd] of DAYS) {
          const schedule: Schedule = { frequency, dayStart, dayEnd, monthStart: 1, monthEnd: 12 }
          for (const now of todays) {
            all.push({
              i: all.length,
              frequency,
              day_start: dayStart,
              day_end: dayEnd,
              year,
              month,
              zone: now.zoneName!,
              zulu: now.zone.isUniversal,
              today: now.toISO()!,
              schedule,
              now,
            })
          }
        }
      }
    }
  }
  return all
}

test.group('Compliance / submission window in SQL', () => {
  test('compliance_submission_window and api_timestamp equal submissionWindow and toISO', async ({
    assert,
  }) => {
    const all = cases()
    assert.isAbove(all.length, 30_000)
    const { rows } = await db.rawQuery(
      `SELECT x.i, api_timestamp(w.window_start, x.zone, x.zulu) AS start,
              api_timestamp(w.window_end, x.zone, x.zulu) AS "end"
         FROM json_to_recordset(?::json) AS x(i int, frequency text, day_start int, day_end int,
                                              year int, month int, zone text, zulu boolean,
                                              today timestamptz)
        CROSS JOIN LATERAL compliance_submission_window(
          x.frequency, x.day_start, x.day_end, x.year, x.month, x.zone, x.today) w
        ORDER BY x.i`,
      [JSON.stringify(all.map(({ schedule: _s, now: _n, ...row }) => row))]
    )
    assert.lengthOf(rows, all.length)
    const differences = all.flatMap((item, index) => {
      const window = submissionWindow(item.schedule, item.year, item.month, item.now)
      const expected = { start: window.start.toISO(), end: window.end.toISO() }
      const actual = { start: rows[index].start, end: rows[index].end }
      return expected.start === actual.start && expected.end === actual.end
        ? []
        : [{ ...expected, actual, case: { ...item, schedule: undefined, now: undefined } }]
    })
    assert.deepEqual(differences.slice(0, 3), [], `${differences.length} differences`)
  }).timeout(120_000)

  test('api_timestamp prints stored timestamps as Lucid DateTimes print them', async ({
    assert,
  }) => {
    const { rows } = await db.rawQuery(
      `SELECT ts, api_timestamp(ts, :dbZone, :dbZulu) AS lucid,
              api_timestamp(ts, 'America/Sao_Paulo', false) AS sao_paulo,
              api_timestamp(ts, 'UTC', true) AS zulu
         FROM (SELECT timestamptz '2024-01-01 00:00:00+00' + n * interval '37 hours 13 minutes 0.123457 seconds' AS ts
                 FROM generate_series(0, 2000) n) t`,
      { dbZone: Settings.defaultZone.name, dbZulu: Settings.defaultZone.isUniversal }
    )
    for (const row of rows) {
      const date = DateTime.fromJSDate(row.ts)
      assert.equal(row.lucid, date.toISO())
      assert.equal(row.sao_paulo, date.setZone('America/Sao_Paulo').toISO())
      assert.equal(row.zulu, date.setZone('UTC').toISO())
    }
  })
})
