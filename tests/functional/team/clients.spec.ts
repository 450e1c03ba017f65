import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import { freezeClock } from '#tests/support/clock'

test.group('Team / GET /clients (provider side mirror)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-18T15:00:00.000Z'))

  test('the owner of a provider company lists its borrowers with totals', async ({
    client,
    assert,
  }) => {
    const { company: acme } = await companyWithOwner()
    const { company: globex } = await companyWithOwner()
    const beta = await legalProvider(acme)
    const { linkProvider } = await import('#tests/support/hours')
    await linkProvider(globex, { companyId: beta.company.id }, { isActive: false })
    await entryOn(beta.part, beta.owner, '2026-03-17', [45])

    const response = await client
      .get('/api/v1/clients')
      .header('x-company-id', beta.company.id)
      .loginAs(beta.owner)
    response.assertStatus(200)
    assert.equal(response.body().meta.total, 2)
    const row = response.body().data.find((item: any) => item.companyId === acme.id)
    assert.equal(row.company.name, acme.name)
    assert.include(row, { totalHoursWeek: 0.75, totalHoursMonth: 0.75, lastEntry: '2026-03-17' })

    const inactive = await client
      .get('/api/v1/clients')
      .qs({ status: 'inactive' })
      .header('x-company-id', beta.company.id)
      .loginAs(beta.owner)
    assert.deepEqual(
      inactive.body().data.map((item: any) => item.companyId),
      [globex.id]
    )
  })

  test('a natural person (role provider) lists its own links', async ({ client, assert }) => {
    const { company: acme } = await companyWithOwner()
    const ana = await naturalProvider(acme)
    await naturalProvider(acme)
    const response = await client
      .get('/api/v1/clients')
      .qs({ search: acme.name.slice(0, 6) })
      .header('x-company-id', acme.id)
      .loginAs(ana.user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((item: any) => item.contractPartId),
      [ana.part.id]
    )
  })

  test('borrower-side employees get 403', async ({ client }) => {
    const { company } = await companyWithOwner()
    const analyst = await memberOf(company, 'borrower')
    const response = await client
      .get('/api/v1/clients')
      .header('x-company-id', company.id)
      .loginAs(analyst)
    response.assertStatus(403)
  })
})
