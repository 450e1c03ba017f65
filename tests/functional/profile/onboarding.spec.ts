import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

test.group('Profile / onboarding checks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('user onboarding: complete with name, phone, CPF and password', async ({ client }) => {
    const complete = await UserFactory.create()
    const response = await client.get('/api/v1/user/onboarding/check').loginAs(complete)
    response.assertStatus(200)
    response.assertBody({ data: { complete: true, missing: [] } })

    const partial = await UserFactory.merge({ phone: null, cpf: null })
      .apply('withoutPassword')
      .create()
    const pending = await client.get('/api/v1/user/onboarding/check').loginAs(partial)
    pending.assertBody({ data: { complete: false, missing: ['phone', 'cpf', 'password'] } })
  })

  test('company onboarding: complete with name, document, e-mail and phone', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const check = () =>
      client
        .get('/api/v1/company/onboarding/check')
        .header('x-company-id', company.id)
        .loginAs(owner)
    ;(await check()).assertBody({ data: { complete: true, missing: [] } })

    company.merge({ email: null, phone: null })
    await company.save()
    ;(await check()).assertBody({ data: { complete: false, missing: ['email', 'phone'] } })

    const provider = await memberOf(company, 'provider')
    const byProvider = await client
      .get('/api/v1/company/onboarding/check')
      .header('x-company-id', company.id)
      .loginAs(provider)
    byProvider.assertStatus(200)
  })

  test('company check needs a company of the caller (403); no token 401', async ({ client }) => {
    const { owner } = await companyWithOwner()
    const { company: foreign } = await companyWithOwner()
    ;(await client.get('/api/v1/company/onboarding/check').loginAs(owner)).assertStatus(403)
    const response = await client
      .get('/api/v1/company/onboarding/check')
      .header('x-company-id', foreign.id)
      .loginAs(owner)
    response.assertStatus(403)
    ;(await client.get('/api/v1/user/onboarding/check')).assertStatus(401)
  })
})
