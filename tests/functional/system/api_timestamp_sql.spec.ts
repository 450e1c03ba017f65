import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'

/** The general form of api_timestamp (local time in `zone`, then its offset there, or `Z`) */
const GENERAL = `to_char(ts AT TIME ZONE zone, 'YYYY-MM-DD"T"HH24:MI:SS.MS') ||
  CASE WHEN zulu THEN 'Z'
       WHEN (ts AT TIME ZONE zone) < (ts AT TIME ZONE 'UTC')
         THEN '-' || to_char((ts AT TIME ZONE 'UTC') - (ts AT TIME ZONE zone), 'HH24:MI')
       ELSE '+' || to_char((ts AT TIME ZONE zone) - (ts AT TIME ZONE 'UTC'), 'HH24:MI')
  END`

const ZONES = [
  'UTC',
  'Etc/UTC',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'America/St_Johns',
  'Pacific/Chatham',
]

test.group('api_timestamp (SQL)', () => {
  test('the UTC fast path writes what the general form writes, for every zone and both zulu values', async ({
    assert,
  }) => {
    const { rows } = await db.rawQuery(
      `SELECT count(*)::int AS cases,
              count(*) FILTER (WHERE api_timestamp(ts, zone, zulu) IS DISTINCT FROM ${GENERAL})::int AS different
         FROM generate_series(0, 19999) i
        CROSS JOIN LATERAL (SELECT timestamptz '2019-01-01 00:00:00.123456+00'
                                   + i * interval '17 hours 13 minutes 7.891 seconds' AS ts) t
        CROSS JOIN unnest(CAST(? AS text[])) zone
        CROSS JOIN unnest(ARRAY[false, true]) zulu`,
      [ZONES]
    )
    assert.deepEqual(rows[0], { cases: 20_000 * ZONES.length * 2, different: 0 })
  })

  test('in UTC it is what Luxon toISO() writes in the system and the fixed UTC zone', async ({
    assert,
  }) => {
    const instants = [
      '2024-02-29T23:59:59.999Z',
      '2026-11-26T21:11:03.448Z',
      '1999-12-31T00:00:00.000Z',
    ]
    for (const instant of instants) {
      const { rows } = await db.rawQuery(
        `SELECT api_timestamp(?::timestamptz, 'UTC', false) AS system,
                api_timestamp(?::timestamptz, 'UTC', true) AS fixed`,
        [instant, instant]
      )
      const at = DateTime.fromISO(instant)
      assert.equal(
        rows[0].system,
        at.setZone('UTC', { keepLocalTime: false }).toISO()!.replace('Z', '+00:00')
      )
      assert.equal(rows[0].fixed, at.toUTC().toISO())
    }
  })
})
