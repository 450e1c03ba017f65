import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import AuthSession from '#models/auth_session'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

const DELETE = '/api/v1/users/me/delete'

test.group('Profile / DELETE /users/me/delete', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => emitter.restore())

  test('anonymises the account, revokes sessions, removes memberships, keeps history', async ({
    client,
    assert,
  }) => {
    const events = emitter.fake(['user:profile_updated'])
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'borrower')
    const now = new Date()
    const [contract] = await db
      .table('contracts')
      .insert({
        company_id: company.id,
        name: 'Kept',
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    await db
      .table('contract_history')
      .insert({ contract_id: contract.id, type: 'CONTRACT_CREATED', actor_id: user.id })

    const response = await client.delete(DELETE).loginAs(user)
    response.assertStatus(204)

    const stored = await User.findOrFail(user.id)
    assert.deepInclude(stored.$attributes, {
      name: 'Usuário removido',
      email: `deleted+${user.id}@invalid`,
      phone: null,
      cpf: null,
      avatar: null,
      password: null,
    })
    const active = await AuthSession.query().where('user_id', user.id).whereNull('revoked_at')
    assert.lengthOf(active, 0)
    assert.lengthOf(await CompanyMember.query().where('user_id', user.id), 0)
    assert.lengthOf(await CompanyMember.query().where('user_id', owner.id), 1)
    const history = await db.from('contract_history').where('contract_id', contract.id)
    assert.deepEqual(
      history.map((row) => row.actor_id),
      [user.id]
    )
    assert.equal((await db.from('contracts').where('id', contract.id).first()).created_by, user.id)
    events.assertEmitted('user:profile_updated', ({ data }) => data.user.id === user.id)
    ;(await client.get('/api/v1/users/me').loginAs(owner)).assertStatus(200)
  })

  test('an owner of a company with other members gets 409 and nothing changes', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    await memberOf(company, 'user')
    const response = await client.delete(DELETE).loginAs(owner)
    response.assertStatus(409)
    const stored = await User.findOrFail(owner.id)
    assert.equal(stored.email, owner.email)
    assert.lengthOf(await CompanyMember.query().where('user_id', owner.id), 1)
  })

  test('the sole member owner may delete; no token gets 401', async ({ client }) => {
    const { owner } = await companyWithOwner()
    ;(await client.delete(DELETE).loginAs(owner)).assertStatus(204)
    ;(await client.delete(DELETE)).assertStatus(401)
    const lone = await UserFactory.create()
    ;(await client.delete(DELETE).loginAs(lone)).assertStatus(204)
  })
})
