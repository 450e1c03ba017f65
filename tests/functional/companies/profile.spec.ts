import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Company from '#models/company'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

test.group('Company profile / PUT /company/:id', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an owner completes the profile and the onboarding check follows', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await company.merge({ email: null, phone: null }).save()
    const before = await as(client, owner, company).get('/company/onboarding/check')
    before.assertStatus(200)
    assert.deepEqual(before.body().data, { complete: false, missing: ['email', 'phone'] })

    const response = await as(client, owner, company).put(`/company/${company.id}`).json({
      name: '  Acme Serviços  ',
      email: 'Contato@Acme.test',
      phone: '+55 (11) 4000-1234',
      timezone: 'America/Manaus',
    })
    response.assertStatus(200)
    assert.containSubset(response.body().data, {
      id: company.id,
      name: 'Acme Serviços',
      email: 'contato@acme.test',
      phone: '+551140001234',
      timezone: 'America/Manaus',
      document: company.document,
    })
    const after = await as(client, owner, company).get('/company/onboarding/check')
    assert.deepEqual(after.body().data, { complete: true, missing: [] })
  })

  test('only sent fields change; null clears the optional ones', async ({ client, assert }) => {
    const { company } = await companyWithOwner()
    await company.merge({ tradeName: 'Antiga', phone: '+5511999999999' }).save()
    const admin = await memberOf(company, 'admin')
    const response = await as(client, admin, company)
      .put(`/company/${company.id}`)
      .json({ tradeName: null })
    response.assertStatus(200)
    const stored = await Company.findOrFail(company.id)
    assert.isNull(stored.tradeName)
    assert.equal(stored.phone, '+5511999999999')

    const cleared = await as(client, admin, company)
      .put(`/company/${company.id}`)
      .json({ phone: null })
    cleared.assertStatus(200)
    assert.isNull((await Company.findOrFail(company.id)).phone)
    assert.equal(stored.name, company.name)
  })

  test('bad input is 422 and changes nothing', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    for (const body of [
      { timezone: 'Mars/Olympus' },
      { email: 'not-an-email' },
      { name: 'x' },
      { phone: 'call me' },
      { name: 42 },
    ]) {
      const response = await as(client, owner, company).put(`/company/${company.id}`).json(body)
      response.assertStatus(422)
    }
    const stored = await Company.findOrFail(company.id)
    assert.equal(stored.name, company.name)
    assert.equal(stored.timezone, company.timezone)
  })

  test("another company's id is 404 and the wrong role 403", async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const other = await companyWithOwner()
    ;(
      await as(client, owner, company).put(`/company/${other.company.id}`).json({ name: 'Hacked' })
    ).assertStatus(404)
    for (const role of ['borrower', 'user', 'provider'] as const) {
      const caller = await memberOf(company, role)
      ;(
        await as(client, caller, company).put(`/company/${company.id}`).json({ name: 'Hacked' })
      ).assertStatus(403)
    }
    assert.notEqual((await Company.findOrFail(other.company.id)).name, 'Hacked')
    assert.notEqual((await Company.findOrFail(company.id)).name, 'Hacked')
  })
})
