import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Contract from '#models/contract'
import Notification from '#models/notification'
import { contractToSign, contractWorld, type ContractWorld } from '#tests/support/contracts'
import { memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/** A contract published straight to signature, with two ordered groups */
const toSign = (client: any, world: ContractWorld) =>
  contractToSign(client, world, [
    { name: 'Prestadores', order: 2, members: [{ userId: world.person.id }] },
    { name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] },
  ])

test.group('Contracts / signatures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('overview orders the groups; configuration replaces them until signing', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await toSign(client, world)
    const owner = as(client, world.owner, world.company)
    const overview = await owner.get(`/contracts/${id}/signatures`)
    overview.assertStatus(200)
    assert.deepEqual(
      overview.body().data.groups.map((g: any) => g.name),
      ['Contratante', 'Prestadores']
    )
    assert.deepEqual(overview.body().data.summary, {
      totalSigners: 2,
      signedCount: 0,
      pendingCount: 2,
      rejectedCount: 0,
      allSigned: false,
    })
    const configured = await owner.put(`/contracts/${id}/signatures/configuration`).json({
      groups: [{ name: 'Todos', members: [{ name: 'Externa', email: 'Ext@Example.com' }] }],
    })
    configured.assertStatus(200)
    assert.equal(configured.body().data.groups[0].members[0].email, 'ext@example.com')
    ;(
      await owner.put(`/contracts/${id}/signatures/configuration`).json({ groups: [] })
    ).assertStatus(422)
    ;(
      await owner
        .put(`/contracts/${id}/signatures/configuration`)
        .json({ groups: [{ name: 'x', members: [{ name: 'Sem email' }] }] })
    ).assertStatus(422)
    await Contract.query().where('id', id).update({ status: 'signing' })
    ;(
      await owner.put(`/contracts/${id}/signatures/configuration`).json({ groups: [{ name: 'x' }] })
    ).assertStatus(409)
  })

  test('ordered groups, rejection with reason, reminders', async ({ client, assert }) => {
    const world = await contractWorld()
    const id = await toSign(client, world)
    const owner = as(client, world.owner, world.company)
    const person = as(client, world.person, world.company)
    ;(await owner.post(`/contracts/${id}/signatures/sign`)).assertStatus(409)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(409)
    ;(await person.post(`/contracts/${id}/signatures/sign`)).assertStatus(409)
    const reminded = await owner.post(`/contracts/${id}/signatures/reminders`)
    assert.equal(reminded.body().data.reminded, 1)
    // the reminder is the spec's `reminder` type (scope action) for the open group's signer
    const reminders = await Notification.query().where('type', 'reminder')
    assert.deepEqual(
      reminders.map((row) => [row.userId, row.scope, row.title]),
      [[world.owner.id, 'action', 'Lembrete: assinatura pendente']]
    )
    const requests = await Notification.query().where('type', 'signature_requested')
    assert.notInclude(
      requests.map((row) => row.title),
      'Lembrete: assinatura pendente'
    )
    ;(await owner.post(`/contracts/${id}/signatures/sign`)).assertStatus(200)
    ;(await owner.post(`/contracts/${id}/signatures/sign`)).assertStatus(409)

    const provider = await memberOf(world.company, 'provider')
    /** ContractPolicy.sign: the reason and the code of a record rule's 403 */
    const notSigner = await as(client, provider, world.company).post(
      `/contracts/${id}/signatures/sign`
    )
    notSigner.assertStatus(403)
    notSigner.assertBody({ message: 'Você não é signatário deste contrato', code: 'E_FORBIDDEN' })
    ;(await as(client, provider, world.company).get(`/contracts/${id}/signatures`)).assertStatus(
      404
    )
    ;(await person.get(`/contracts/${id}/signatures`)).assertStatus(200)

    ;(await person.post(`/contracts/${id}/signatures/reject`).json({})).assertStatus(422)
    const rejected = await person
      .post(`/contracts/${id}/signatures/reject`)
      .json({ reason: 'Valor errado' })
    rejected.assertStatus(200)
    assert.equal(rejected.body().data.summary.rejectedCount, 1)
    assert.equal((await Contract.findOrFail(id)).status, 'signature')
  })

  test('an overdue contract still takes signatures, reminders and refusals', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await toSign(client, world)
    const owner = as(client, world.owner, world.company)
    const person = as(client, world.person, world.company)
    ;(await owner.post(`/contracts/${id}/signatures/start`)).assertStatus(200)
    await Contract.query().where('id', id).update({ status: 'overdue' })

    ;(await owner.post(`/contracts/${id}/signatures/reminders`)).assertStatus(200)
    ;(await owner.post(`/contracts/${id}/signatures/sign`)).assertStatus(200)
    const rejected = await person
      .post(`/contracts/${id}/signatures/reject`)
      .json({ reason: 'Prazo vencido' })
    rejected.assertStatus(200)
    assert.equal((await Contract.findOrFail(id)).status, 'signature')
    ;(await person.post(`/contracts/${id}/signatures/sign`)).assertStatus(409)
  })

  test('signatures: another company 404, no token 401', async ({ client }) => {
    const world = await contractWorld()
    const id = await toSign(client, world)
    const other = await contractWorld()
    const foreign = as(client, other.owner, other.company)
    ;(await foreign.get(`/contracts/${id}/signatures`)).assertStatus(404)
    ;(await foreign.post(`/contracts/${id}/signatures/start`)).assertStatus(404)
    ;(await foreign.post(`/contracts/${id}/signatures/sign`)).assertStatus(404)
    ;(await client.post(`/api/v1/contracts/${id}/signatures/sign`)).assertStatus(401)
  })
})
