import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import CompanyMember from '#models/company_member'
import { companyWithOwner } from '#tests/support/tenancy'
import { inboxOf } from '#tests/support/notifications'
import { entryOn, linkProvider, naturalProvider } from '#tests/support/hours'
import type Company from '#models/company'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { freezeClock } from '#tests/support/clock'
import { as } from '#tests/support/http'

/**
 * Period boundaries of the hours totals (last day of a month, first day of
 * the next, Sunday 23:30 local vs Monday 00:00 in the company timezone) and
 * tenancy: the provider works for TWO borrowers, each borrower's context
 * shows only its own entries.
 */

/** Sunday 2026-05-31 23:30 in São Paulo = Monday 2026-06-01 02:30 UTC */
const SUNDAY_LATE = '2026-06-01T02:30:00.000Z'
/** Monday 2026-06-01 00:00 in São Paulo */
const MONDAY_MIDNIGHT = '2026-06-01T03:00:00.000Z'

/** Minutes per day of the first borrower; each a distinct power of two, so a sum names its days */
const DAYS: [string, number][] = [
  ['2025-12-31', 64],
  ['2026-01-01', 1],
  ['2026-04-30', 2],
  ['2026-05-01', 4],
  ['2026-05-24', 8],
  ['2026-05-25', 16],
  ['2026-05-31', 32],
  ['2026-06-01', 128],
]

function get(client: ApiClient, borrower: Company, user: User, url: string, qs = {}) {
  return as(client, user, borrower).get(url).qs(qs)
}

/** A provider with entries on DAYS in `first`, and 300 minutes on the same days in `second` */
async function twoBorrowers() {
  const first = await companyWithOwner()
  const second = await companyWithOwner()
  const ana = await naturalProvider(first.company)
  await CompanyMember.create({
    companyId: second.company.id,
    userId: ana.user.id,
    role: 'provider',
  })
  const other = await linkProvider(second.company, { userId: ana.user.id })
  for (const [day, minutes] of DAYS) {
    await entryOn(ana.part, ana.user, day, [minutes])
    await entryOn(other.part, ana.user, day, [300])
  }
  return { first, second, ana, other }
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100

test.group('Hours / period boundaries and two borrowers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('G summary on Sunday 23:30 local: the week and month end today, Monday is next', async ({
    client,
    assert,
  }) => {
    const undo = freezeClock(SUNDAY_LATE)
    try {
      const { first, ana } = await twoBorrowers()
      const response = await get(client, first.company, first.owner, `/monitoring/${ana.user.id}`)
      response.assertStatus(200)
      const data = response.body().data
      assert.include(data, {
        today: '2026-05-31',
        timezone: 'America/Sao_Paulo',
        totalHoursWeek: hours(16 + 32),
        totalHoursMonth: hours(4 + 8 + 16 + 32),
        totalHoursYear: hours(1 + 2 + 4 + 8 + 16 + 32 + 128),
        lastEntry: '2026-06-01',
      })
      assert.deepEqual(
        data.daily.map((day: any) => [day.date, day.totalMinutes, day.totalHours]),
        [
          ['2026-05-25', 16, hours(16)],
          ['2026-05-26', 0, 0],
          ['2026-05-27', 0, 0],
          ['2026-05-28', 0, 0],
          ['2026-05-29', 0, 0],
          ['2026-05-30', 0, 0],
          ['2026-05-31', 32, hours(32)],
        ]
      )
      assert.deepEqual(
        data.weekly.map((week: any) => [week.weekStart, week.weekEnd, week.totalMinutes]),
        [
          ['2026-04-27', '2026-05-03', 2 + 4],
          ['2026-05-04', '2026-05-10', 0],
          ['2026-05-11', '2026-05-17', 0],
          ['2026-05-18', '2026-05-24', 8],
          ['2026-05-25', '2026-05-31', 16 + 32],
        ]
      )
      assert.equal(data.weekly[0].totalHours, hours(6))
      assert.deepEqual(
        data.monthly.map((month: any) => [month.month, month.totalMinutes]),
        [
          ['2026-01', 1],
          ['2026-02', 0],
          ['2026-03', 0],
          ['2026-04', 2],
          ['2026-05', 4 + 8 + 16 + 32],
          ['2026-06', 128],
          ['2026-07', 0],
          ['2026-08', 0],
          ['2026-09', 0],
          ['2026-10', 0],
          ['2026-11', 0],
          ['2026-12', 0],
        ]
      )
      assert.equal(data.monthly[4].totalHours, hours(60))
    } finally {
      undo()
    }
  })

  test('G summary at Monday 00:00 local: a new week and a new month', async ({
    client,
    assert,
  }) => {
    const undo = freezeClock(MONDAY_MIDNIGHT)
    try {
      const { first, ana } = await twoBorrowers()
      const response = await get(client, first.company, first.owner, `/monitoring/${ana.user.id}`)
      const data = response.body().data
      assert.include(data, {
        today: '2026-06-01',
        totalHoursWeek: hours(128),
        totalHoursMonth: hours(128),
      })
      assert.deepEqual(data.daily[0], { date: '2026-06-01', totalMinutes: 128, totalHours: 2.13 })
      assert.equal(data.daily[6].date, '2026-06-07')
      assert.deepEqual(
        data.weekly.map((week: any) => [week.weekStart, week.totalMinutes]),
        [
          ['2026-06-01', 128],
          ['2026-06-08', 0],
          ['2026-06-15', 0],
          ['2026-06-22', 0],
          ['2026-06-29', 0],
        ]
      )
      assert.equal(data.weekly[4].weekEnd, '2026-07-05')
    } finally {
      undo()
    }
  })

  test('G a year that starts mid-week: the first week still holds last December', async ({
    client,
    assert,
  }) => {
    /** Thursday 2026-01-01 10:00 in São Paulo */
    const undo = freezeClock('2026-01-01T13:00:00.000Z')
    try {
      const { first, ana } = await twoBorrowers()
      const data = (
        await get(client, first.company, first.owner, `/monitoring/${ana.user.id}`)
      ).body().data
      assert.include(data, {
        today: '2026-01-01',
        totalHoursWeek: hours(64 + 1),
        totalHoursMonth: hours(1),
        totalHoursYear: hours(1 + 2 + 4 + 8 + 16 + 32 + 128),
      })
      assert.deepEqual(data.daily.map((day: any) => [day.date, day.totalMinutes]).slice(2, 4), [
        ['2025-12-31', 64],
        ['2026-01-01', 1],
      ])
      assert.deepEqual(data.weekly[0], {
        weekStart: '2025-12-29',
        weekEnd: '2026-01-04',
        totalMinutes: 65,
        totalHours: hours(65),
      })
    } finally {
      undo()
    }
  })

  test('G entries filter: startDate and endDate are inclusive; each borrower sees its own', async ({
    client,
    assert,
  }) => {
    const undo = freezeClock(SUNDAY_LATE)
    try {
      const { first, second, ana } = await twoBorrowers()
      const may = await get(
        client,
        first.company,
        first.owner,
        `/monitoring/${ana.user.id}/entries`,
        {
          startDate: '2026-05-01',
          endDate: '2026-05-31',
        }
      )
      may.assertStatus(200)
      assert.deepEqual(
        may.body().data.map((entry: any) => [entry.date, entry.totalMinutes]),
        [
          ['2026-05-31', 32],
          ['2026-05-25', 16],
          ['2026-05-24', 8],
          ['2026-05-01', 4],
        ]
      )
      const own = await get(client, first.company, ana.user, `/monitoring/${ana.user.id}/entries`, {
        pageSize: 100,
      })
      assert.equal(own.body().meta.total, DAYS.length)
      assert.isTrue(own.body().data.every((entry: any) => entry.totalMinutes !== 300))

      const theirs = await get(
        client,
        second.company,
        second.owner,
        `/monitoring/${ana.user.id}/entries`,
        { startDate: '2026-05-31', endDate: '2026-05-31' }
      )
      assert.deepEqual(
        theirs.body().data.map((entry: any) => [entry.date, entry.totalMinutes]),
        [['2026-05-31', 300]]
      )
      const summary = await get(client, second.company, second.owner, `/monitoring/${ana.user.id}`)
      assert.include(summary.body().data, { totalHoursWeek: 10, totalHoursMonth: 20 })
    } finally {
      undo()
    }
  })

  test('B5-B7 and B10 on Sunday 23:30 local: May is current, June 1 is not in it', async ({
    client,
    assert,
  }) => {
    const undo = freezeClock(SUNDAY_LATE)
    try {
      const { first, second, ana } = await twoBorrowers()
      await inboxOf(ana.user, first.company, 2)
      await inboxOf(ana.user, second.company, 3)

      const current = await get(client, first.company, ana.user, '/hours/current')
      current.assertStatus(200)
      assert.include(current.body().data, {
        id: '2026-05',
        totalMinutes: 4 + 8 + 16 + 32,
        entriesCount: 4,
        daysWorked: 4,
        firstEntry: '2026-05-01',
        lastEntry: '2026-05-31',
      })
      assert.deepEqual(
        current.body().data.days.map((day: any) => day.date),
        ['2026-05-01', '2026-05-24', '2026-05-25', '2026-05-31']
      )
      assert.deepEqual(
        current.body().data.entries.map((entry: any) => entry.date),
        ['2026-05-01', '2026-05-24', '2026-05-25', '2026-05-31']
      )

      const april = await get(client, first.company, ana.user, '/hours/2026-04')
      assert.include(april.body().data, { totalMinutes: 2, firstEntry: '2026-04-30' })
      assert.lengthOf(april.body().data.entries, 1)
      const december = await get(client, first.company, ana.user, '/hours/2025-12')
      assert.include(december.body().data, { totalMinutes: 64, lastEntry: '2025-12-31' })

      const months = await get(client, first.company, ana.user, '/hours', { year: 2026 })
      assert.deepEqual(
        months.body().data.map((row: any) => [row.id, row.totalMinutes]),
        [
          ['2026-06', 128],
          ['2026-05', 60],
          ['2026-04', 2],
          ['2026-01', 1],
        ]
      )
      const lastYear = await get(client, first.company, ana.user, '/hours', { year: 2025 })
      assert.deepEqual(
        lastYear.body().data.map((row: any) => [row.id, row.totalMinutes]),
        [['2025-12', 64]]
      )

      const dashboard = await get(client, first.company, ana.user, '/summary')
      assert.include(dashboard.body().data, {
        hoursThisWeek: hours(16 + 32),
        hoursThisMonth: hours(60),
        unreadNotifications: 2,
      })
      assert.equal(dashboard.body().data.activeContract.contractId, ana.contract.id)

      const elsewhere = await get(client, second.company, ana.user, '/summary')
      assert.include(elsewhere.body().data, {
        hoursThisWeek: 10,
        hoursThisMonth: 20,
        unreadNotifications: 3,
      })
      const elsewhereMonth = await get(client, second.company, ana.user, '/hours/current')
      assert.include(elsewhereMonth.body().data, { totalMinutes: 1200, entriesCount: 4 })
    } finally {
      undo()
    }
  })

  test('B6 and B10 at Monday 00:00 local: June is current', async ({ client, assert }) => {
    const undo = freezeClock(MONDAY_MIDNIGHT)
    try {
      const { first, ana } = await twoBorrowers()
      const current = await get(client, first.company, ana.user, '/hours/current')
      assert.include(current.body().data, { id: '2026-06', totalMinutes: 128, entriesCount: 1 })
      const dashboard = await get(client, first.company, ana.user, '/summary')
      assert.include(dashboard.body().data, {
        hoursThisWeek: hours(128),
        hoursThisMonth: hours(128),
      })
    } finally {
      undo()
    }
  })

  test('B10: a week that starts in the previous month counts both months apart', async ({
    client,
    assert,
  }) => {
    /** Wednesday 2026-07-01 12:00 in São Paulo: the week is June 29 - July 5, the month July */
    const undo = freezeClock('2026-07-01T15:00:00.000Z')
    try {
      const { first, ana } = await twoBorrowers()
      await entryOn(ana.part, ana.user, '2026-06-29', [256])
      await entryOn(ana.part, ana.user, '2026-06-28', [512])
      await entryOn(ana.part, ana.user, '2026-07-01', [30])
      await entryOn(ana.part, ana.user, '2026-07-06', [600])
      const dashboard = await get(client, first.company, ana.user, '/summary')
      assert.include(dashboard.body().data, {
        hoursThisWeek: hours(256 + 30),
        hoursThisMonth: hours(30 + 600),
      })
    } finally {
      undo()
    }
  })

  test('a provider of two borrowers: entries, requests and the 24-hour day per context', async ({
    client,
    assert,
  }) => {
    const undo = freezeClock('2026-03-23T02:30:00.000Z')
    try {
      const first = await companyWithOwner()
      const second = await companyWithOwner()
      const ana = await naturalProvider(first.company)
      await CompanyMember.create({
        companyId: second.company.id,
        userId: ana.user.id,
        role: 'provider',
      })
      const other = await linkProvider(second.company, { userId: ana.user.id })
      const mine = await entryOn(ana.part, ana.user, '2026-03-20', [60])
      const theirs = await entryOn(other.part, ana.user, '2026-03-21', [60])

      /** Another borrower's entry is 404 in this context, for the provider and the owner */
      for (const user of [ana.user, first.owner]) {
        const url = `/api/v1/monitoring/entries/${theirs.id}`
        const headers = { 'x-company-id': first.company.id }
        ;(await client.get(url).headers(headers).loginAs(user)).assertStatus(404)
      }
      const url = `/api/v1/monitoring/entries/${theirs.id}`
      const put = await client
        .put(url)
        .json({ date: '2026-03-21', tasks: [{ description: 'x', durationMinutes: 5 }] })
        .header('x-company-id', first.company.id)
        .loginAs(ana.user)
      put.assertStatus(404)
      const del = await client
        .delete(url)
        .header('x-company-id', first.company.id)
        .loginAs(ana.user)
      del.assertStatus(404)
      ;(
        await client
          .get(`/api/v1/monitoring/entries/${mine.id}`)
          .header('x-company-id', second.company.id)
          .loginAs(ana.user)
      ).assertStatus(404)

      /** A new entry goes on the link of the context company */
      const created = await client
        .post('/api/v1/monitoring/entries')
        .json({ date: '2026-03-22', tasks: [{ description: 'x', durationMinutes: 600 }] })
        .header('x-company-id', second.company.id)
        .loginAs(ana.user)
      created.assertStatus(201)
      assert.equal(created.body().data.contractId, other.contract.id)

      /** The 24 hours of a day count every borrower: 600 + 841 > 1440 */
      const tooMuch = await client
        .post('/api/v1/monitoring/entries')
        .json({ date: '2026-03-22', tasks: [{ description: 'x', durationMinutes: 841 }] })
        .header('x-company-id', first.company.id)
        .loginAs(ana.user)
      tooMuch.assertStatus(422)
      const exact = await client
        .post('/api/v1/monitoring/entries')
        .json({ date: '2026-03-22', tasks: [{ description: 'x', durationMinutes: 840 }] })
        .header('x-company-id', first.company.id)
        .loginAs(ana.user)
      exact.assertStatus(201)
      assert.equal(exact.body().data.contractId, ana.contract.id)

      /** Retroactive requests: filed on the context's link, listed per context */
      const request = await client
        .post('/api/v1/monitoring/retroactive-requests')
        .json({
          date: '2026-03-10',
          reason: 'Forgot',
          tasks: [{ description: 'x', durationMinutes: 60 }],
        })
        .header('x-company-id', second.company.id)
        .loginAs(ana.user)
      request.assertStatus(201)
      for (const [company, user, count] of [
        [first.company, ana.user, 0],
        [first.company, first.owner, 0],
        [second.company, ana.user, 1],
        [second.company, second.owner, 1],
      ] as const) {
        const list = await client
          .get('/api/v1/monitoring/retroactive-requests')
          .header('x-company-id', company.id)
          .loginAs(user)
        list.assertStatus(200)
        assert.equal(list.body().meta.total, count)
      }
      const id = request.body().data.id
      const approve = await client
        .post(`/api/v1/monitoring/retroactive-requests/${id}/approve`)
        .header('x-company-id', first.company.id)
        .loginAs(first.owner)
      approve.assertStatus(404)
      const approved = await client
        .post(`/api/v1/monitoring/retroactive-requests/${id}/approve`)
        .header('x-company-id', second.company.id)
        .loginAs(second.owner)
      approved.assertStatus(200)
    } finally {
      undo()
    }
  })
})
