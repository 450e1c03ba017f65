import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import ApiKey from '#models/api_key'
import Contract from '#models/contract'
import { hashOpaqueToken } from '#support/opaque_tokens'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { contractWorld, createContract } from '#tests/support/contracts'
import { as } from '#tests/support/http'
import { createApiKey, withKey } from '#tests/support/api_keys'
import { freezeClock, restoreClock } from '#tests/support/clock'

test.group('Integrators / API keys: management', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the secret is shown once, prefixed, and stored hashed', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const created = await createApiKey(client, owner, company, ['contracts.view'])
    assert.match(created.secret, /^cmk_live_[A-Za-z0-9_-]{43}$/)
    assert.isTrue(created.secret.startsWith(created.prefix))
    const stored = await ApiKey.findOrFail(created.id)
    assert.equal(stored.tokenHash, hashOpaqueToken(created.secret))
    assert.notInclude(JSON.stringify(stored.$attributes), created.secret)

    const listed = await as(client, owner, company).get('/api-keys')
    listed.assertStatus(200)
    assert.lengthOf(listed.body().data, 1)
    assert.equal(listed.body().data[0].status, 'active')
    assert.notInclude(JSON.stringify(listed.body()), created.secret)
  })

  test('rotation replaces the secret: the old one is 401 at once', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const created = await createApiKey(client, owner, company, ['contracts.view'])
    const rotated = await as(client, owner, company).post(`/api-keys/${created.id}/rotate`)
    rotated.assertStatus(200)
    assert.notEqual(rotated.body().data.secret, created.secret)
    ;(await withKey(client, created.secret).get('/contracts')).assertStatus(401)
    ;(await withKey(client, rotated.body().data.secret).get('/contracts')).assertStatus(200)
  })

  test('permissions must be grantable, the expiry in the future, the name given', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const post = (body: Record<string, unknown>) =>
      as(client, owner, company).post('/api-keys').json(body)
    for (const body of [
      { name: 'x', permissions: ['company.ownership.transfer'] },
      { name: 'x', permissions: ['provider.hours.log'] },
      { name: 'x', permissions: [] },
      { name: '', permissions: ['contracts.view'] },
      { name: 'x', permissions: ['contracts.view'], expiresAt: 'tomorrow' },
      { name: 'x', permissions: ['contracts.view'], expiresAt: '2001-01-01T00:00:00Z' },
    ]) {
      const response = await post(body)
      response.assertStatus(422)
      assert.isString(response.body().message)
    }
    assert.equal((await ApiKey.query().where('company_id', company.id)).length, 0)
  })

  test('only owners and admins manage keys; another company sees 404', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const created = await createApiKey(client, owner, company, ['contracts.view'])
    const borrower = await memberOf(company, 'borrower')
    ;(await as(client, borrower, company).get('/api-keys')).assertStatus(403)
    ;(await as(client, borrower, company).delete(`/api-keys/${created.id}`)).assertStatus(403)
    const admin = await memberOf(company, 'admin')
    ;(await as(client, admin, company).get('/api-keys')).assertStatus(200)

    const other = await companyWithOwner()
    ;(await as(client, other.owner, other.company).delete(`/api-keys/${created.id}`)).assertStatus(
      404
    )
    ;(
      await as(client, other.owner, other.company).post(`/api-keys/${created.id}/rotate`)
    ).assertStatus(404)
  })
})

test.group('Integrators / API keys: requests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  test('a key lists contracts without x-company-id, of its company only', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const contractId = await createContract(client, world)
    const other = await contractWorld()
    await createContract(client, other)
    const key = await createApiKey(client, world.owner, world.company, ['contracts.view'])

    const listed = await withKey(client, key.secret).get('/contracts')
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().data.map((c: { id: string }) => c.id),
      [contractId]
    )
    const stored = await ApiKey.findOrFail(key.id)
    assert.isNotNull(stored.lastUsedAt)

    const foreign = await Contract.query().where('company_id', other.company.id).firstOrFail()
    ;(await withKey(client, key.secret).get(`/contracts/${foreign.id}`)).assertStatus(404)
    ;(
      await withKey(client, key.secret).get('/contracts').header('x-company-id', other.company.id)
    ).assertStatus(403)
  })

  test('a key is 403 outside its permissions, 401 outside the company routes', async ({
    client,
  }) => {
    const world = await contractWorld()
    const key = await createApiKey(client, world.owner, world.company, ['contracts.view'])
    const api = withKey(client, key.secret)
    ;(await api.post('/contracts').json({ name: 'x' })).assertStatus(403)
    ;(await api.get('/webhooks')).assertStatus(403)
    ;(await api.get('/users/me')).assertStatus(403)
    ;(await api.put('/users/me/password').json({})).assertStatus(401)
    ;(await api.delete(`/users/me/sessions/${key.id}`)).assertStatus(401)
    ;(await api.post('/auth/logout')).assertStatus(401)
    ;(await api.get('/notifications')).assertStatus(403)

    const admin = await createApiKey(client, world.owner, world.company, [
      'company.settings.manage',
    ])
    ;(await withKey(client, admin.secret).get('/api-keys')).assertStatus(403)
    ;(await withKey(client, admin.secret).get('/webhooks')).assertStatus(200)
  })

  test('a key is 401 once revoked or expired, and for any malformed secret', async ({ client }) => {
    const world = await contractWorld()
    const revoked = await createApiKey(client, world.owner, world.company, ['contracts.view'])
    ;(await as(client, world.owner, world.company).delete(`/api-keys/${revoked.id}`)).assertStatus(
      204
    )
    ;(await withKey(client, revoked.secret).get('/contracts')).assertStatus(401)

    const expiring = await createApiKey(client, world.owner, world.company, ['contracts.view'], {
      expiresAt: DateTime.utc().plus({ days: 1 }).toISO(),
    })
    ;(await withKey(client, expiring.secret).get('/contracts')).assertStatus(200)
    freezeClock(DateTime.utc().plus({ days: 2 }).toISO()!)
    ;(await withKey(client, expiring.secret).get('/contracts')).assertStatus(401)

    ;(await withKey(client, 'cmk_live_short').get('/contracts')).assertStatus(401)
    ;(await withKey(client, `${expiring.secret.slice(0, -1)}A`).get('/contracts')).assertStatus(401)
  })

  test('writes with a key are made by its service user and name the key', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const key = await createApiKey(client, world.owner, world.company, [
      'contracts.view',
      'contracts.manage',
    ])
    const { fullPayload } = await import('#tests/support/contracts')
    const created = await withKey(client, key.secret).post('/contracts').json(fullPayload(world))
    created.assertStatus(201)
    const stored = await ApiKey.findOrFail(key.id)
    const contract = await Contract.findOrFail(created.body().data.id)
    assert.equal(contract.companyId, world.company.id)
    assert.notEqual(stored.userId, world.owner.id)
  })
})

test.group('Integrators / API keys: demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the demo key printed by npm run dev lists Acme contracts (seeded once)', async ({
    client,
    assert,
  }) => {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { seedAccounts } = await import('#database/seeders/demo/accounts')
    const { seedApiKeys, demoApiKeySecret } = await import('#database/seeders/demo/api_keys')
    const first = await db.transaction(async (trx) => seedApiKeys(await seedAccounts(trx), trx))
    const again = await db.transaction(async (trx) => seedApiKeys(await seedAccounts(trx), trx))
    assert.equal(again.id, first.id)
    ;(await withKey(client, demoApiKeySecret()).get('/contracts')).assertStatus(200)
  })
})
