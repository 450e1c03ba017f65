import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import AuthSession from '#models/auth_session'
import { CompanyFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { ROLE_PERMISSIONS } from '#support/permissions'

const ME = '/api/v1/users/me'

test.group('Profile / GET /users/me', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('returns the user, active sessions newest first, no permissions without a company', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const old = await AuthSession.create({
      userId: user.id,
      browser: 'Firefox',
      os: 'Linux',
      ip: '10.0.0.1',
      expiresAt: DateTime.now().plus({ days: 1 }),
      createdAt: DateTime.now().minus({ days: 2 }),
    })
    await AuthSession.create({
      userId: user.id,
      expiresAt: DateTime.now().plus({ days: 1 }),
      revokedAt: DateTime.now(),
    })
    await AuthSession.create({ userId: user.id, expiresAt: DateTime.now().minus({ minutes: 1 }) })

    const response = await client.get(ME).loginAs(user)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.user.id, user.id)
    assert.deepEqual(data.permissions, [])
    assert.isFalse(data.hasPendingInformation)
    assert.lengthOf(data.sessions, 2)
    assert.deepEqual(data.sessions[1], {
      id: old.id,
      browser: 'Firefox',
      os: 'Linux',
      ip: '10.0.0.1',
      createdAt: old.createdAt.toISO(),
    })
  })

  test('permissions are those of the role in x-company-id: {$self}')
    .with(['owner', 'admin', 'borrower', 'user', 'provider'] as const)
    .run(async ({ client, assert }, role) => {
      const company = await CompanyFactory.create()
      const user = await memberOf(company, role)
      const response = await client.get(ME).header('x-company-id', company.id).loginAs(user)
      response.assertStatus(200)
      assert.deepEqual(response.body().data.permissions, [...ROLE_PERMISSIONS[role]])
    })

  test('hasPendingInformation follows the user and the context company onboarding', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const pending = async () =>
      (await client.get(ME).header('x-company-id', company.id).loginAs(owner)).body().data
        .hasPendingInformation
    assert.isFalse(await pending())

    company.phone = null
    await company.save()
    assert.isTrue(await pending())

    company.phone = '+551130000000'
    await company.save()
    owner.cpf = null
    await owner.save()
    assert.isTrue(await pending())
  })

  test('no token gets 401; a foreign or malformed x-company-id gets 403', async ({ client }) => {
    ;(await client.get(ME)).assertStatus(401)
    const { owner } = await companyWithOwner()
    const { company: foreign } = await companyWithOwner()
    for (const header of [foreign.id, 'not-a-uuid']) {
      const response = await client.get(ME).header('x-company-id', header).loginAs(owner)
      response.assertStatus(403)
    }
  })
})
