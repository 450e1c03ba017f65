import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import { contractWorld, fullPayload } from '#tests/support/contracts'
import { as } from '#tests/support/http'
import { createApiKey, withKey } from '#tests/support/api_keys'

const contractsOf = (companyId: string) => Contract.query().where('company_id', companyId)

test.group('Integrators / Idempotency-Key', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the same POST /contracts twice with one key creates one contract and answers the same body', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const send = () =>
      as(client, world.owner, world.company)
        .post('/contracts')
        .header('idempotency-key', 'order-42')
        .json(fullPayload(world))
    const first = await send()
    first.assertStatus(201)
    const second = await send()
    second.assertStatus(201)
    assert.deepEqual(second.body(), first.body())
    assert.equal(second.header('idempotent-replayed'), 'true')
    assert.isUndefined(first.header('idempotent-replayed'))
    assert.lengthOf(await contractsOf(world.company.id), 1)
  })

  test('the same key with another body is 422, and keys are per caller', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const post = (name: string) =>
      as(client, world.owner, world.company)
        .post('/contracts')
        .header('idempotency-key', 'k-1')
        .json(fullPayload(world, { name }))
    ;(await post('Primeiro')).assertStatus(201)
    const other = await post('Segundo')
    other.assertStatus(422)
    assert.isString(other.body().message)

    /* Another caller (an API key of the same company) may use the same key */
    const key = await createApiKey(client, world.owner, world.company, ['contracts.manage'])
    const byKey = await withKey(client, key.secret)
      .post('/contracts')
      .header('idempotency-key', 'k-1')
      .json(fullPayload(world, { name: 'Segundo' }))
    byKey.assertStatus(201)
    assert.lengthOf(await contractsOf(world.company.id), 2)
  })

  test('a retry while the first request still runs is 409, never a second write', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const send = () =>
      as(client, world.owner, world.company)
        .post('/contracts')
        .header('idempotency-key', 'slow')
        .json(fullPayload(world))
    ;(await send()).assertStatus(201)
    /* As the claim looks while its request runs: no answer stored yet */
    await db.from('idempotency_keys').where('key', 'slow').update({ status: null, body: null })
    const retry = await send()
    retry.assertStatus(409)
    assert.isString(retry.body().message)
    assert.lengthOf(await contractsOf(world.company.id), 1)
  })

  test('concurrent retries write once', async ({ client, assert }) => {
    const world = await contractWorld()
    const send = () =>
      as(client, world.owner, world.company)
        .post('/contracts')
        .header('idempotency-key', 'race')
        .json(fullPayload(world))
    const answers = await Promise.all([send(), send(), send()])
    for (const answer of answers) assert.include([201, 409], answer.status())
    assert.lengthOf(await contractsOf(world.company.id), 1)
  })

  test('a failed first request frees the key; a malformed key is 422', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const invalid = await api
      .post('/contracts')
      .header('idempotency-key', 'fix-me')
      .json({ name: '' })
    invalid.assertStatus(422)
    const fixed = await api
      .post('/contracts')
      .header('idempotency-key', 'fix-me')
      .json(fullPayload(world))
    fixed.assertStatus(201)

    const tooLong = await api
      .post('/contracts')
      .header('idempotency-key', 'x'.repeat(256))
      .json(fullPayload(world))
    tooLong.assertStatus(422)
    assert.lengthOf(await contractsOf(world.company.id), 1)
  })

  test('PATCH takes it too: the replay does not run the change again', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const created = await api.post('/contracts').json(fullPayload(world))
    const id = created.body().data.id
    const cancel = () =>
      api.patch(`/contracts/${id}/cancel`).header('idempotency-key', 'cancel-1').json({})
    const first = await cancel()
    const second = await cancel()
    assert.equal(second.status(), first.status())
    assert.deepEqual(second.body(), first.body())
    assert.equal(second.header('idempotent-replayed'), 'true')
  })
})
