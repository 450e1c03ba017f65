import { BaseSchema } from '@adonisjs/lucid/schema'

/** The general form: the local time in `zone`, then its offset there (or `Z`) */
const GENERAL = `to_char(ts AT TIME ZONE zone, 'YYYY-MM-DD"T"HH24:MI:SS.MS') ||
          CASE WHEN zulu THEN 'Z'
               WHEN (ts AT TIME ZONE zone) < (ts AT TIME ZONE 'UTC')
                 THEN '-' || to_char((ts AT TIME ZONE 'UTC') - (ts AT TIME ZONE zone), 'HH24:MI')
               ELSE '+' || to_char((ts AT TIME ZONE zone) - (ts AT TIME ZONE 'UTC'), 'HH24:MI')
          END`

/**
 * `api_timestamp(ts, zone, zulu)` (migration 1764100040001) with a fast
 * path for the zone a server usually runs in: `UTC` (or Luxon's fixed UTC,
 * `zulu`) has no offset to compute, so one conversion and one to_char
 * instead of four and two. Every list PostgreSQL writes calls it two or
 * three times per row (the board: 300 calls per request); it cost half of
 * the board's JSON. Same text for every input
 * (tests/functional/system/api_timestamp_sql.spec.ts compares the two forms;
 * submission_window_sql.spec.ts compares with Luxon). Still one SELECT
 * without FROM, so the planner inlines it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION api_timestamp(ts timestamptz, zone text, zulu boolean) RETURNS text
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN zulu OR zone = 'UTC'
          THEN to_char(ts AT TIME ZONE zone, 'YYYY-MM-DD"T"HH24:MI:SS.MS') ||
               CASE WHEN zulu THEN 'Z' ELSE '+00:00' END
          ELSE ${GENERAL}
        END
      $$
    `)
  }

  async down() {
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION api_timestamp(ts timestamptz, zone text, zulu boolean) RETURNS text
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT ${GENERAL}
      $$
    `)
  }
}
