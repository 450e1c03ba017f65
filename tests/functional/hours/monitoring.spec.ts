import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { companyWithOwner } from '#tests/support/tenancy'
import { entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import { freezeClock } from '#tests/support/clock'

/** Sunday 2026-03-22 23:30 in São Paulo (Monday 02:30 UTC) */
const NOW = '2026-03-23T02:30:00.000Z'

test.group('Hours / provider summaries and entries (G)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))

  test('daily, weekly and monthly summaries in the company timezone', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    await entryOn(ana.part, ana.user, '2026-02-27', [60])
    await entryOn(ana.part, ana.user, '2026-03-02', [120])
    await entryOn(ana.part, ana.user, '2026-03-16', [30])
    await entryOn(ana.part, ana.user, '2026-03-22', [90])

    const response = await client
      .get(`/api/v1/monitoring/${ana.user.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(200)
    const data = response.body().data
    assert.include(data, {
      today: '2026-03-22',
      totalHoursWeek: 2,
      totalHoursMonth: 4,
      totalHoursYear: 5,
      lastEntry: '2026-03-22',
    })
    assert.deepEqual(
      data.daily.map((day: any) => [day.date, day.totalMinutes]),
      [
        ['2026-03-16', 30],
        ['2026-03-17', 0],
        ['2026-03-18', 0],
        ['2026-03-19', 0],
        ['2026-03-20', 0],
        ['2026-03-21', 0],
        ['2026-03-22', 90],
      ]
    )
    assert.deepEqual(data.weekly[0], {
      weekStart: '2026-02-23',
      weekEnd: '2026-03-01',
      totalMinutes: 60,
      totalHours: 1,
    })
    assert.lengthOf(data.weekly, 6)
    assert.deepEqual(
      data.monthly.slice(0, 4).map((month: any) => [month.month, month.totalMinutes]),
      [
        ['2026-01', 0],
        ['2026-02', 60],
        ['2026-03', 240],
        ['2026-04', 0],
      ]
    )
  })

  test('entries of a provider with a date filter; the provider reads its own', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const beta = await legalProvider(borrower)
    const ana = await naturalProvider(borrower)
    await entryOn(beta.part, beta.owner, '2026-03-10', [60])
    await entryOn(beta.part, beta.owner, '2026-03-20', [30])

    const filtered = await client
      .get(`/api/v1/monitoring/${beta.company.id}/entries`)
      .qs({ startDate: '2026-03-15', endDate: '2026-03-31' })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    filtered.assertStatus(200)
    assert.deepEqual(
      filtered.body().data.map((entry: any) => entry.date),
      ['2026-03-20']
    )
    assert.equal(filtered.body().meta.total, 1)

    const own = await client
      .get(`/api/v1/monitoring/${beta.company.id}/entries`)
      .header('x-company-id', borrower.id)
      .loginAs(beta.owner)
    assert.lengthOf(own.body().data, 2)

    const foreign = await client
      .get(`/api/v1/monitoring/${beta.company.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(ana.user)
    foreign.assertStatus(404)
  })

  test("another company's provider is 404; bad filters 422", async ({ client }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const stranger = await naturalProvider(other)
    for (const url of [
      `/api/v1/monitoring/${stranger.user.id}`,
      `/api/v1/monitoring/${stranger.user.id}/entries`,
    ]) {
      const response = await client.get(url).header('x-company-id', borrower.id).loginAs(owner)
      response.assertStatus(404)
      response.assertBodyContains({ message: 'Prestador não encontrado' })
    }
    const ana = await naturalProvider(borrower)
    for (const qs of [{ startDate: '2026-13-01' }, { page: 0 }, { pageSize: 101 }]) {
      const response = await client
        .get(`/api/v1/monitoring/${ana.user.id}/entries`)
        .qs(qs)
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      response.assertStatus(422)
    }
  })
})
