import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isoTimestamp } from '#support/iso_timestamp'

/**
 * The hand-written formatter must write exactly what the DTOs write with
 * Luxon (`toISO()` in the process zone), in zones with DST, half-hour and
 * negative offsets, across the DST changes of a few years.
 */
test.group('isoTimestamp', () => {
  test('writes what Luxon toISO() writes, in {zone}')
    .with([
      { zone: 'UTC' },
      { zone: 'America/Sao_Paulo' },
      { zone: 'America/New_York' },
      { zone: 'Asia/Kolkata' },
      { zone: 'America/St_Johns' },
      { zone: 'Pacific/Chatham' },
    ])
    .run(({ assert }, { zone }) => {
      const previous = process.env.TZ
      process.env.TZ = zone
      try {
        const start = Date.UTC(2015, 0, 1)
        const span = Date.UTC(2035, 0, 1) - start
        for (let index = 0; index < 2000; index++) {
          // spread over 20 years, with odd milliseconds
          const date = new Date(start + Math.floor((span / 2000) * index) + (index % 1000))
          assert.equal(isoTimestamp(date), DateTime.fromJSDate(date).toISO())
        }
      } finally {
        if (previous === undefined) delete process.env.TZ
        else process.env.TZ = previous
      }
    })
})
