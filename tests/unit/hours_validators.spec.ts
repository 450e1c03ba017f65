import { test } from '@japa/runner'
import { refusedFields } from '#tests/support/validation'
import { DateTime } from 'luxon'
import { listWorkEntriesValidator, saveWorkEntryValidator } from '#validators/work_entry'
import {
  createRetroactiveRequestValidator,
  declineRetroactiveRequestValidator,
  listRetroactiveRequestsValidator,
} from '#validators/retroactive_request'
import { hoursPeriodValidator, listMonthlyHoursValidator } from '#validators/provider_hours'
import { inZone, minutesToHours, periodsAt } from '#support/hours'
import type { HoursMeta } from '#validators/rules/time'

const refused = refusedFields

const NOW = '2026-03-23T02:30:00.000Z'
const WEB: HoursMeta = { mobile: false, now: NOW, minDate: '2026-03-15', maxDate: '2026-03-22' }
const MOBILE: HoursMeta = { ...WEB, mobile: true }
const UUID = '0b9f8f5e-6c1a-4c1e-9d3e-2f4b5a6c7d8e'
const GEO = { capturedAt: '2026-03-23T02:00:00Z', latitude: -23.55, longitude: -46.63 }
const task = (overrides: Record<string, unknown> = {}) => ({
  description: 'Code review',
  durationMinutes: 60,
  ...overrides,
})
const entry = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-03-22',
  tasks: [task()],
  ...overrides,
})
const saveEntry = (data: object, meta = WEB) =>
  refused(saveWorkEntryValidator.validate(data, { meta }))

test.group('Hours validators: work entries (B8)', () => {
  test('date: from today back to the 7-day window, both sides', async ({ assert }) => {
    assert.deepEqual(await saveEntry(entry({ date: '2026-03-22' })), [])
    assert.deepEqual(await saveEntry(entry({ date: '2026-03-23' })), ['date'])
    assert.deepEqual(await saveEntry(entry({ date: '2026-03-15' })), [])
    assert.deepEqual(await saveEntry(entry({ date: '2026-03-14' })), ['date'])
    assert.deepEqual(await saveEntry(entry({ date: '2026-02-30' })), ['date'])
    assert.deepEqual(await saveEntry(entry({ date: undefined })), ['date'])
  })

  test('task minutes: 1..1440 whole numbers', async ({ assert }) => {
    for (const [minutes, ok] of [
      [0, false],
      [1, true],
      [1439, true],
      [1440, true],
      [1441, false],
      [30.5, false],
      ['60', false],
    ] as const) {
      const fields = await saveEntry(entry({ tasks: [task({ durationMinutes: minutes })] }))
      assert.deepEqual(fields, ok ? [] : ['tasks.0.durationMinutes'], `${minutes} minutes`)
    }
  })

  test('task descriptions 1..500 after trim; 1..50 tasks', async ({ assert }) => {
    for (const [description, ok] of [
      ['', false],
      ['   ', false],
      ['a', true],
      ['a'.repeat(500), true],
      [` ${'a'.repeat(500)} `, true],
      ['a'.repeat(501), false],
    ] as const) {
      const fields = await saveEntry(entry({ tasks: [task({ description })] }))
      assert.deepEqual(fields, ok ? [] : ['tasks.0.description'], `${description.length} chars`)
    }
    const tasks = (count: number) =>
      Array.from({ length: count }, () => task({ durationMinutes: 1 }))
    assert.deepEqual(await saveEntry(entry({ tasks: [] })), ['tasks'])
    assert.deepEqual(await saveEntry(entry({ tasks: tasks(1) })), [])
    assert.deepEqual(await saveEntry(entry({ tasks: tasks(50) })), [])
    assert.deepEqual(await saveEntry(entry({ tasks: tasks(51) })), ['tasks'])
  })

  test('reason up to 1000 characters; providerId a UUID', async ({ assert }) => {
    assert.deepEqual(await saveEntry(entry({ reason: 'a'.repeat(1000) })), [])
    assert.deepEqual(await saveEntry(entry({ reason: 'a'.repeat(1001) })), ['reason'])
    assert.deepEqual(await saveEntry(entry({ providerId: UUID })), [])
    assert.deepEqual(await saveEntry(entry({ providerId: 'x' })), ['providerId'])
  })

  test('geolocation: required from the app, all-or-nothing on the web', async ({ assert }) => {
    assert.deepEqual(await saveEntry(entry()), [])
    assert.deepEqual(await saveEntry(entry(GEO)), [])
    assert.deepEqual(await saveEntry(entry(GEO), MOBILE), [])
    assert.sameMembers(await saveEntry(entry(), MOBILE), ['capturedAt', 'latitude', 'longitude'])
    assert.sameMembers(await saveEntry(entry({ latitude: 1 })), ['capturedAt', 'longitude'])
    assert.sameMembers(await saveEntry(entry({ longitude: 1 })), ['capturedAt', 'latitude'])
    assert.sameMembers(await saveEntry(entry({ capturedAt: GEO.capturedAt })), [
      'latitude',
      'longitude',
    ])
    assert.deepEqual(await saveEntry(entry({ locationAccuracy: 5 })), [])
  })

  test('coordinates and accuracy on both sides of their ranges', async ({ assert }) => {
    for (const [field, value, ok] of [
      ['latitude', -90, true],
      ['latitude', -90.01, false],
      ['latitude', 90, true],
      ['latitude', 90.01, false],
      ['latitude', '10', false],
      ['longitude', -180, true],
      ['longitude', -180.01, false],
      ['longitude', 180, true],
      ['longitude', 180.01, false],
      ['longitude', '10', false],
      ['locationAccuracy', 0, true],
      ['locationAccuracy', -0.01, false],
      ['locationAccuracy', 100_000, true],
      ['locationAccuracy', 100_000.01, false],
      ['locationAccuracy', '10', false],
    ] as const) {
      const fields = await saveEntry(entry({ ...GEO, [field]: value }))
      assert.deepEqual(fields, ok ? [] : [field], `${field} ${value}`)
    }
  })

  test('capturedAt: a UTC instant, up to 60 s of clock skew ahead', async ({ assert }) => {
    const at = (seconds: number) =>
      DateTime.fromISO(NOW, { zone: 'utc' }).plus({ seconds }).toISO()!.replace('+00:00', 'Z')
    assert.deepEqual(await saveEntry(entry({ ...GEO, capturedAt: at(60) })), [])
    assert.deepEqual(await saveEntry(entry({ ...GEO, capturedAt: at(61) })), ['capturedAt'])
    assert.deepEqual(await saveEntry(entry({ ...GEO, capturedAt: '2026-03-23T02:00:00-03:00' })), [
      'capturedAt',
    ])
    assert.deepEqual(await saveEntry(entry({ ...GEO, capturedAt: ' 2026-03-23T02:00:00Z ' })), [])
  })

  test('list filters: dates, page >= 1, pageSize 1..100', async ({ assert }) => {
    const list = (qs: object) => refused(listWorkEntriesValidator.validate(qs))
    assert.deepEqual(await list({}), [])
    assert.deepEqual(await list({ startDate: '2026-03-01', endDate: '2026-03-31' }), [])
    assert.deepEqual(await list({ startDate: '2026-13-01' }), ['startDate'])
    assert.deepEqual(await list({ endDate: '2026-3-1' }), ['endDate'])
    for (const [qs, field] of [
      [{ page: 0 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageSize: 2.5 }, 'pageSize'],
    ] as const) {
      assert.deepEqual(await list(qs), [field], JSON.stringify(qs))
    }
    assert.deepEqual(await list({ page: 1, pageSize: 1 }), [])
    assert.deepEqual(await list({ page: 7, pageSize: 100 }), [])
  })
})

test.group('Hours validators: retroactive requests (B9) and provider area (B5, B7)', () => {
  const RETRO: HoursMeta = { mobile: false, now: NOW, maxDate: '2026-03-21' }
  const create = (data: object, meta = RETRO) =>
    refused(createRetroactiveRequestValidator.validate(data, { meta }))
  const request = (overrides: Record<string, unknown> = {}) =>
    entry({ date: '2026-03-02', reason: 'Forgot', ...overrides })

  test('a request needs a reason of 1..1000 characters and a past day', async ({ assert }) => {
    assert.deepEqual(await create(request()), [])
    assert.deepEqual(await create(request({ reason: undefined })), ['reason'])
    assert.deepEqual(await create(request({ reason: '' })), ['reason'])
    assert.deepEqual(await create(request({ reason: '  ' })), ['reason'])
    assert.deepEqual(await create(request({ reason: 'a' })), [])
    assert.deepEqual(await create(request({ reason: 'a'.repeat(1000) })), [])
    assert.deepEqual(await create(request({ reason: 'a'.repeat(1001) })), ['reason'])
    assert.deepEqual(await create(request({ date: '2026-03-21' })), [])
    assert.deepEqual(await create(request({ date: ' 2026-03-21 ' })), [], 'the date is trimmed')
    assert.deepEqual(await create(request({ date: '2026-03-22' })), ['date'])
    assert.deepEqual(await create(request({ date: '2020-01-01' })), [])
    assert.deepEqual(await create(request({ providerId: 'x' })), ['providerId'])
    assert.deepEqual(await create(request({ tasks: [task({ durationMinutes: 1441 })] })), [
      'tasks.0.durationMinutes',
    ])
    assert.sameMembers(await create(request(), { ...RETRO, mobile: true }), [
      'capturedAt',
      'latitude',
      'longitude',
    ])
  })

  test('decline reason 1..1000; list status and paging', async ({ assert }) => {
    const decline = (declineReason: unknown) =>
      refused(declineRetroactiveRequestValidator.validate({ declineReason }))
    assert.deepEqual(await decline('a'), [])
    assert.deepEqual(await decline(' '), ['declineReason'])
    assert.deepEqual(await decline(undefined), ['declineReason'])
    assert.deepEqual(await decline('a'.repeat(1000)), [])
    assert.deepEqual(await decline('a'.repeat(1001)), ['declineReason'])

    const list = (qs: object) => refused(listRetroactiveRequestsValidator.validate(qs))
    for (const status of ['pending', 'approved', 'declined']) {
      assert.deepEqual(await list({ status }), [])
    }
    assert.deepEqual(await list({ status: 'done' }), ['status'])
    assert.deepEqual(await list({ page: 0 }), ['page'])
    assert.deepEqual(await list({ page: 1, pageSize: 100 }), [])
    assert.deepEqual(await list({ pageSize: 101 }), ['pageSize'])
    assert.deepEqual(await list({ pageSize: 0 }), ['pageSize'])
  })

  test('B5 filters: year 2000..2100, search up to 255, paging', async ({ assert }) => {
    const { search } = await listMonthlyHoursValidator.validate({ search: `  ${'a'.repeat(255)} ` })
    assert.equal(search, 'a'.repeat(255), 'the search is trimmed before its limit')
    const list = (qs: object) => refused(listMonthlyHoursValidator.validate(qs))
    for (const [qs, ok] of [
      [{ year: 1999 }, false],
      [{ year: 2000 }, true],
      [{ year: 2100 }, true],
      [{ year: 2101 }, false],
      [{ year: 2026.5 }, false],
      [{ search: 'a'.repeat(255) }, true],
      [{ search: 'a'.repeat(256) }, false],
      [{ page: 0 }, false],
      [{ page: 1.5 }, false],
      [{ page: 1 }, true],
      [{ pageSize: 0 }, false],
      [{ pageSize: 1 }, true],
      [{ pageSize: 100 }, true],
      [{ pageSize: 101 }, false],
      [{ pageSize: 10.5 }, false],
    ] as const) {
      const fields = await list(qs)
      assert.deepEqual(fields, ok ? [] : Object.keys(qs), JSON.stringify(qs))
    }
  })

  test('B7 period ids are YYYY-MM with a month 01..12', async ({ assert }) => {
    const period = (id: string) => refused(hoursPeriodValidator.validate({ params: { id } }))
    for (const id of ['2026-01', '2026-09', '2026-10', '2026-12']) {
      assert.deepEqual(await period(id), [], id)
    }
    for (const id of ['2026-00', '2026-13', '2026-1', '26-01', 'x2026-01', '2026-01x', '2026-1a']) {
      assert.deepEqual(await period(id), ['params.id'], id)
    }
  })
})

test.group('Hours support: periods and conversions', () => {
  test('periodsAt: Sunday 23:30 local is still the old week and month', ({ assert }) => {
    const sunday = DateTime.fromISO('2026-06-01T02:30:00Z')
    assert.deepEqual(periodsAt(sunday, 'America/Sao_Paulo'), {
      today: '2026-05-31',
      weekStart: '2026-05-25',
      weekEnd: '2026-05-31',
      monthStart: '2026-05-01',
      monthEnd: '2026-05-31',
    })
    assert.deepEqual(periodsAt(DateTime.fromISO('2026-06-01T03:00:00Z'), 'America/Sao_Paulo'), {
      today: '2026-06-01',
      weekStart: '2026-06-01',
      weekEnd: '2026-06-07',
      monthStart: '2026-06-01',
      monthEnd: '2026-06-30',
    })
    /** An unknown zone falls back to UTC */
    assert.equal(periodsAt(sunday, 'Mars/Olympus').today, '2026-06-01')
    assert.equal(inZone(sunday, 'Mars/Olympus').zoneName, 'UTC')
    assert.equal(inZone(sunday, 'Asia/Tokyo').toISODate(), '2026-06-01')
  })

  test('periodsAt: the day kept per zone ends at its last millisecond, either way in time', ({
    assert,
  }) => {
    const zone = 'America/Sao_Paulo'
    const at = (iso: string) => periodsAt(DateTime.fromISO(iso), zone).today
    /** Local midnight of 2026-06-02 is 03:00Z: each side, then back, then across a month */
    assert.equal(at('2026-06-01T12:00:00.000Z'), '2026-06-01')
    assert.equal(at('2026-06-02T02:59:59.999Z'), '2026-06-01')
    assert.equal(at('2026-06-02T03:00:00.000Z'), '2026-06-02')
    assert.equal(at('2026-06-01T02:59:59.999Z'), '2026-05-31')
    assert.equal(periodsAt(DateTime.fromISO('2026-07-01T03:00:00Z'), zone).monthStart, '2026-07-01')
    /** Another zone at the same instant has its own day */
    assert.equal(
      periodsAt(DateTime.fromISO('2026-06-01T02:30:00Z'), 'Asia/Tokyo').today,
      '2026-06-01'
    )
    assert.equal(at('2026-06-01T02:30:00.000Z'), '2026-05-31')
  })

  test('minutesToHours rounds to two decimals', ({ assert }) => {
    assert.equal(minutesToHours(90), 1.5)
    assert.equal(minutesToHours(20), 0.33)
    assert.equal(minutesToHours(10), 0.17)
    assert.equal(minutesToHours('45'), 0.75)
    assert.equal(minutesToHours(null), 0)
    assert.equal(minutesToHours(undefined), 0)
  })
})
