import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { withCpfCheckDigits } from '#support/documents'

const ME = '/api/v1/users/me'

test.group('Profile / PUT /users/me', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => emitter.restore())

  test('updates name, phone and CPF and announces the name change', async ({ client, assert }) => {
    const events = emitter.fake(['user:profile_updated'])
    const user = await UserFactory.create()
    const cpf = withCpfCheckDigits('123456789')
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`

    const response = await client
      .put(ME)
      .json({ name: 'Maria Silva', phone: '+55 (11) 98888-7777', cpf: formatted })
      .loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({
      data: { id: user.id, name: 'Maria Silva', phone: '+5511988887777', cpf },
    })
    events.assertEmitted('user:profile_updated', ({ data }) => data.user.id === user.id)

    const stored = await User.findOrFail(user.id)
    assert.equal(stored.cpf, cpf)
  })

  test('omitted fields stay, null clears; same name emits nothing', async ({ client, assert }) => {
    const events = emitter.fake(['user:profile_updated'])
    const user = await UserFactory.create()
    const response = await client.put(ME).json({ name: user.name, phone: null }).loginAs(user)
    response.assertStatus(200)
    const stored = await User.findOrFail(user.id)
    assert.isNull(stored.phone)
    assert.equal(stored.cpf, user.cpf)
    events.assertNotEmitted('user:profile_updated')
  })

  test('bad input gets 422 and changes nothing: {label}')
    .with([
      { label: 'CPF with wrong check digits', body: { name: 'Ok Name', cpf: '123.456.789-00' } },
      { label: 'name missing', body: { phone: '+5511999999999' } },
      { label: 'bad phone', body: { name: 'Ok Name', phone: 'call me' } },
    ])
    .run(async ({ client, assert }, { body }) => {
      const user = await UserFactory.create()
      const response = await client.put(ME).json(body).loginAs(user)
      response.assertStatus(422)
      const stored = await User.findOrFail(user.id)
      assert.deepEqual([stored.name, stored.phone, stored.cpf], [user.name, user.phone, user.cpf])
    })

  test('no token gets 401', async ({ client }) => {
    ;(await client.put(ME).json({ name: 'Someone' })).assertStatus(401)
  })
})
