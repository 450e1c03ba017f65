import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import AuthSession from '#models/auth_session'
import User from '#models/user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

const PASSWORD = '/api/v1/users/me/password'
const REGISTER = '/api/v1/users/me/register-password'

test.group('Profile / passwords', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('changes the password; other sessions are revoked, the current one kept', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    const { accessToken } = login.body().data
    const other = await AuthSession.create({
      userId: user.id,
      expiresAt: DateTime.now().plus({ days: 1 }),
    })

    const response = await client
      .put(PASSWORD)
      .json({ currentPassword: FACTORY_PASSWORD, newPassword: 'brand-new-pass-42' })
      .bearerToken(accessToken)
    response.assertStatus(204)

    const stored = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(stored.password!, 'brand-new-pass-42'))
    await other.refresh()
    assert.isNotNull(other.revokedAt)
    ;(await client.get('/api/v1/users/me').bearerToken(accessToken)).assertStatus(200)
  })

  test('refused with 422, nothing changed: {label}')
    .with([
      {
        label: 'wrong current password',
        currentPassword: 'wrong-pass-1',
        newPassword: 'good-pass-42',
      },
      { label: 'too short', currentPassword: FACTORY_PASSWORD, newPassword: 'ab1' },
      { label: 'letters only', currentPassword: FACTORY_PASSWORD, newPassword: 'onlyletters' },
      { label: 'digits only', currentPassword: FACTORY_PASSWORD, newPassword: '1234567890' },
      { label: 'the e-mail', currentPassword: FACTORY_PASSWORD, newPassword: 'EMAIL' },
      { label: 'current missing', newPassword: 'good-pass-42' },
    ])
    .run(async ({ client, assert }, { label: _label, ...body }) => {
      const user = await UserFactory.merge({ email: 'mail1234@example.test' }).create()
      const other = await AuthSession.create({
        userId: user.id,
        expiresAt: DateTime.now().plus({ days: 1 }),
      })
      const payload = {
        ...body,
        newPassword: body.newPassword === 'EMAIL' ? user.email : body.newPassword,
      }
      const response = await client.put(PASSWORD).json(payload).loginAs(user)
      response.assertStatus(422)
      assert.isArray(response.body().errors)

      const stored = await User.findOrFail(user.id)
      assert.isTrue(await hash.verify(stored.password!, FACTORY_PASSWORD))
      await other.refresh()
      assert.isNull(other.revokedAt)
    })

  test('an account without a password cannot change it (409)', async ({ client }) => {
    const user = await UserFactory.apply('withoutPassword').create()
    const response = await client
      .put(PASSWORD)
      .json({ currentPassword: 'whatever-1', newPassword: 'good-pass-42' })
      .loginAs(user)
    response.assertStatus(409)
  })

  test('registers a password on an account without one', async ({ client, assert }) => {
    const user = await UserFactory.apply('withoutPassword').create()
    const response = await client.post(REGISTER).json({ password: 'first-pass-42' }).loginAs(user)
    response.assertStatus(204)
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: user.email, password: 'first-pass-42' })
    login.assertStatus(200)
    assert.exists(login.body().data.accessToken)
  })

  test('register-password: 409 when a password exists, 422 when weak', async ({
    client,
    assert,
  }) => {
    const withPassword = await UserFactory.create()
    const conflict = await client
      .post(REGISTER)
      .json({ password: 'first-pass-42' })
      .loginAs(withPassword)
    conflict.assertStatus(409)

    const without = await UserFactory.apply('withoutPassword').create()
    const weak = await client.post(REGISTER).json({ password: 'weak' }).loginAs(without)
    weak.assertStatus(422)
    assert.isNull((await User.findOrFail(without.id)).password)
  })

  test('no token gets 401', async ({ client }) => {
    ;(await client.put(PASSWORD).json({})).assertStatus(401)
    ;(await client.post(REGISTER).json({})).assertStatus(401)
  })
})
