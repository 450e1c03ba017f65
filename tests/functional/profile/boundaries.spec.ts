import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

/**
 * Each limit of the profile validators on both sides (n-1, n,
 * n+1): the name, the phone, the new password (8 to 128, letters and
 * digits, not the e-mail) and the current password (at most 128).
 */
const ME = '/api/v1/users/me'
const PASSWORD = '/api/v1/users/me/password'
const REGISTER = '/api/v1/users/me/register-password'

const fieldsOf = (body: { errors?: { field: string }[] }) =>
  (body.errors ?? []).map((error) => error.field)

/** "a1a1a1..." of exactly n characters: letters and digits */
const passwordOf = (n: number) => 'a1'.repeat(Math.ceil(n / 2)).slice(0, n)

test.group('Profile / PUT /users/me: limits on both sides', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('name: {label} -> {status}')
    .with([
      { label: '1 character', name: 'M', status: 422 },
      { label: '1 character once trimmed', name: '  M  ', status: 422 },
      { label: '2 characters', name: 'Mo', status: 200 },
      { label: '3 characters', name: 'Mon', status: 200 },
      { label: '255 characters', name: 'M'.repeat(255), status: 200 },
      { label: '256 characters', name: 'M'.repeat(256), status: 422 },
    ])
    .run(async ({ client, assert }, { name, status }) => {
      const user = await UserFactory.create()
      const response = await client.put(ME).json({ name }).loginAs(user)
      response.assertStatus(status)
      const stored = await User.findOrFail(user.id)
      if (status === 422) {
        assert.deepEqual(fieldsOf(response.body()), ['name'])
        assert.equal(stored.name, user.name)
      } else {
        assert.equal(stored.name, name)
      }
    })

  test('the name is stored trimmed', async ({ client, assert }) => {
    const user = await UserFactory.create()
    ;(await client.put(ME).json({ name: '  Ana Souza ' }).loginAs(user)).assertStatus(200)
    assert.equal((await User.findOrFail(user.id)).name, 'Ana Souza')
  })

  test('phone: {label} -> {status}')
    .with([
      { label: '7 characters', phone: '1234567', status: 422 },
      { label: '8 characters', phone: '12345678', status: 200, stored: '12345678' },
      { label: '+ and 8 digits', phone: '+12345678', status: 200, stored: '+12345678' },
      { label: '25 characters', phone: '1'.repeat(25), status: 200, stored: '1'.repeat(25) },
      { label: '26 characters', phone: '1'.repeat(26), status: 422 },
      { label: 'a + inside', phone: '12+3456789', status: 422 },
      { label: 'letters', phone: '1234abcd', status: 422 },
      {
        label: 'spaces, dots, dashes and brackets',
        phone: ' (11) 9.8888-7777 ',
        status: 200,
        stored: '11988887777',
      },
    ])
    .run(async ({ client, assert }, { phone, status, stored }) => {
      const user = await UserFactory.create()
      const response = await client.put(ME).json({ name: 'Ok Name', phone }).loginAs(user)
      response.assertStatus(status)
      const after = await User.findOrFail(user.id)
      if (status === 422) {
        assert.deepEqual(fieldsOf(response.body()), ['phone'])
        assert.equal(after.phone, user.phone)
      } else {
        assert.equal(after.phone, stored)
      }
    })

  test('cpf: null clears it, omitted keeps it', async ({ client, assert }) => {
    const user = await UserFactory.create()
    ;(await client.put(ME).json({ name: 'Ok Name' }).loginAs(user)).assertStatus(200)
    assert.equal((await User.findOrFail(user.id)).cpf, user.cpf)
    ;(await client.put(ME).json({ name: 'Ok Name', cpf: null }).loginAs(user)).assertStatus(200)
    assert.isNull((await User.findOrFail(user.id)).cpf)
  })
})

test.group('Profile / passwords: limits on both sides', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('new password: {length} characters -> {status}')
    .with([
      { length: 7, status: 422 },
      { length: 8, status: 204 },
      { length: 9, status: 204 },
      { length: 127, status: 204 },
      { length: 128, status: 204 },
      { length: 129, status: 422 },
    ])
    .run(async ({ client, assert }, { length, status }) => {
      const user = await UserFactory.create()
      const newPassword = passwordOf(length)
      const response = await client
        .put(PASSWORD)
        .json({ currentPassword: FACTORY_PASSWORD, newPassword })
        .loginAs(user)
      response.assertStatus(status)
      const stored = await User.findOrFail(user.id)
      if (status === 422) {
        assert.deepEqual(fieldsOf(response.body()), ['newPassword'])
        assert.isTrue(await hash.verify(stored.password!, FACTORY_PASSWORD))
      } else {
        assert.isTrue(await hash.verify(stored.password!, newPassword))
      }
    })

  test('current password: 128 characters are checked, 129 refused unchecked', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const checked = await client
      .put(PASSWORD)
      .json({ currentPassword: 'x'.repeat(128), newPassword: 'good-pass-42' })
      .loginAs(user)
    checked.assertStatus(422)
    assert.deepEqual(fieldsOf(checked.body()), ['currentPassword'])
    const refused = await client
      .put(PASSWORD)
      .json({ currentPassword: 'x'.repeat(129), newPassword: 'good-pass-42' })
      .loginAs(user)
    refused.assertStatus(422)
    assert.deepEqual(fieldsOf(refused.body()), ['currentPassword'])
    assert.notDeepEqual(refused.body().errors, checked.body().errors)
  })

  test('new password strength: {label} -> {status}')
    .with([
      { label: 'accented letters and digits', password: 'ação1234', status: 204 },
      { label: 'one letter, seven digits', password: 'a1234567', status: 204 },
      { label: 'one digit, seven letters', password: 'abcdefg1', status: 204 },
      { label: 'symbols and digits, no letter', password: '!@#$%123', status: 422 },
      { label: 'symbols and letters, no digit', password: '!@#$%abc', status: 422 },
      { label: 'the e-mail in capitals', password: 'MAIL1234@EXAMPLE.TEST', status: 422 },
      {
        label: 'the e-mail with one more character',
        password: 'mail1234@example.testx',
        status: 204,
      },
    ])
    .run(async ({ client, assert }, { password, status }) => {
      const user = await UserFactory.merge({ email: 'mail1234@example.test' }).create()
      const response = await client
        .put(PASSWORD)
        .json({ currentPassword: FACTORY_PASSWORD, newPassword: password })
        .loginAs(user)
      response.assertStatus(status)
      if (status === 422) assert.deepEqual(fieldsOf(response.body()), ['newPassword'])
    })

  test('register-password: {length} characters -> {status}')
    .with([
      { length: 7, status: 422 },
      { length: 8, status: 204 },
      { length: 128, status: 204 },
      { length: 129, status: 422 },
    ])
    .run(async ({ client, assert }, { length, status }) => {
      const user = await UserFactory.apply('withoutPassword').create()
      const response = await client
        .post(REGISTER)
        .json({ password: passwordOf(length) })
        .loginAs(user)
      response.assertStatus(status)
      const stored = await User.findOrFail(user.id)
      if (status === 422) assert.isNull(stored.password)
      else assert.isTrue(await hash.verify(stored.password!, passwordOf(length)))
    })

  test('register-password refuses the account e-mail and a password without digits', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('withoutPassword')
      .merge({ email: 'mail1234@example.test' })
      .create()
    for (const password of ['Mail1234@Example.test', 'lettersonly']) {
      const response = await client.post(REGISTER).json({ password }).loginAs(user)
      response.assertStatus(422)
      assert.deepEqual(fieldsOf(response.body()), ['password'])
    }
    assert.isNull((await User.findOrFail(user.id)).password)
  })
})
