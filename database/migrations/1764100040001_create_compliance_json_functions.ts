import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * SQL twins of two TypeScript computations, so the compliance lists (C1,
 * D1) can build their JSON bodies in PostgreSQL (#12):
 *
 * - `api_timestamp(ts, zone, zulu)`: what Luxon's `DateTime#toISO()` prints
 *   for `ts` in `zone`: `YYYY-MM-DDTHH:mm:ss.SSS` plus the zone's offset
 *   there (`+HH:MM`), or `Z` when `zulu` (Luxon's fixed UTC zone).
 * - `compliance_submission_window(...)`: `submissionWindow()` of
 *   app/services/compliance/schedule.ts (same windows, same choice: the
 *   window of the month that holds `today`, else the next one, else the
 *   last one). tests/functional/compliance/submission_window_sql.spec.ts
 *   compares both over many schedules, months, zones and days.
 *
 * Both are single-SELECT SQL functions without sub-selects (a table
 * function for the window) so the planner inlines them into the calling
 * statement: called per step, the SQL-function executor cost 4-5x more
 * than the expressions themselves.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE FUNCTION api_timestamp(ts timestamptz, zone text, zulu boolean) RETURNS text
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT to_char(ts AT TIME ZONE zone, 'YYYY-MM-DD"T"HH24:MI:SS.MS') ||
          CASE WHEN zulu THEN 'Z'
               WHEN (ts AT TIME ZONE zone) < (ts AT TIME ZONE 'UTC')
                 THEN '-' || to_char((ts AT TIME ZONE 'UTC') - (ts AT TIME ZONE zone), 'HH24:MI')
               ELSE '+' || to_char((ts AT TIME ZONE zone) - (ts AT TIME ZONE 'UTC'), 'HH24:MI')
          END
      $$
    `)

    /**
     * Days of month: one window, dayStart..dayEnd clamped to the month's
     * length, into the next month when it wraps. Weekdays (weekly/biweekly
     * with both days 1-7): one window per ISO weekday dayStart of the month
     * (biweekly: odd ISO weeks), lasting (dayEnd - dayStart + 7) % 7 days.
     * A window starts at the start of its first day (Luxon's startOf('day'):
     * a midnight skipped by DST is the first instant after the gap, as
     * PostgreSQL reads a local time in a gap) and ends 1 ms before the
     * start of the day after its last day (Luxon's endOf('day')).
     */
    this.schema.raw(`
      CREATE FUNCTION compliance_submission_window(
        frequency text, day_start int, day_end int, year int, month int,
        zone text, today timestamptz)
      RETURNS TABLE (window_start timestamptz, window_end timestamptz)
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        WITH m AS (
          SELECT make_date(year, month, 1) AS first,
                 (frequency IN ('weekly', 'biweekly') AND day_start <= 7 AND day_end <= 7) AS weekdays
        ), windows AS (
          SELECT (make_date(year, month, least(day_start,
                   extract(day FROM m.first + interval '1 month' - interval '1 day')::int))::timestamp
                   AT TIME ZONE zone) AS s,
                 ((ends.first + least(day_end,
                   extract(day FROM ends.first + interval '1 month' - interval '1 day')::int))::timestamp
                   AT TIME ZONE zone) - interval '1 millisecond' AS e
            FROM m, LATERAL (SELECT CASE WHEN day_start > day_end
                                         THEN (m.first + interval '1 month')::date
                                         ELSE m.first END AS first) ends
           WHERE NOT m.weekdays
          UNION ALL
          SELECT (d::date::timestamp AT TIME ZONE zone),
                 ((d::date + (day_end - day_start + 7) % 7 + 1)::timestamp AT TIME ZONE zone)
                   - interval '1 millisecond'
            FROM m, generate_series(m.first, m.first + interval '1 month' - interval '1 day',
                                    interval '1 day') AS d
           WHERE m.weekdays AND extract(isodow FROM d) = day_start
             AND (frequency = 'weekly' OR extract(week FROM d)::int % 2 = 1)
        )
        SELECT s, e FROM windows
         ORDER BY e < today, CASE WHEN e >= today THEN s END, s DESC
         LIMIT 1
      $$
    `)
  }

  async down() {
    this.schema.raw('DROP FUNCTION IF EXISTS compliance_submission_window')
    this.schema.raw('DROP FUNCTION IF EXISTS api_timestamp(timestamptz, text, boolean)')
  }
}
