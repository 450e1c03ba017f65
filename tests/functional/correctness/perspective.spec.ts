import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import { WorkflowFactory } from '#database/factories/contract_factory'
import { companyWithOwner, linkProvider } from '#tests/support/tenancy'
import { linkProvider as contractWith } from '#tests/support/hours'
import { createFlow, documentsStep } from '#tests/support/compliance'
import { as } from '#tests/support/http'
import { freezeClock } from '#tests/support/clock'

/**
 * Acme contracts as provider (workflow `companyRole =
 * provider`), so its own part is PROVIDER and its client Globex is the
 * BORROWER part. Acme's lists must show Globex, never Acme itself.
 */
async function providerPerspectiveWorld(client: ApiClient) {
  const acme = await companyWithOwner()
  const globex = await companyWithOwner()
  await linkProvider(acme.company, globex.owner)
  const workflow = await WorkflowFactory.apply('providerPerspective')
    .merge({ companyId: acme.company.id })
    .create()
  const created = await as(client, acme.owner, acme.company)
    .post('/contracts')
    .json({
      name: 'Acme presta serviços à Globex',
      workflowId: workflow.id,
      parts: [{ companyId: globex.company.id, value: '5.000,00', contractType: 'MONTHLY' }],
    })
  created.assertStatus(201)
  const contractId = created.body().data.id as string
  /** Signatures are another area: the contract is taken as signed and running */
  await Contract.query().where('id', contractId).update({ status: 'active' })
  return { acme, globex, contractId }
}

test.group('Correctness / provider perspective', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-18T15:00:00.000Z'))

  test('the team and the providers list of a company contracting as provider show its client, not itself', async ({
    client,
    assert,
  }) => {
    const { acme, globex, contractId } = await providerPerspectiveWorld(client)
    const roles = await ContractPart.query().where('contract_id', contractId)
    assert.sameDeepMembers(
      roles.map((part) => [part.companyId, part.role]),
      [
        [acme.company.id, 'PROVIDER'],
        [globex.company.id, 'BORROWER'],
      ]
    )

    const team = await as(client, acme.owner, acme.company).get('/team')
    team.assertStatus(200)
    assert.deepEqual(
      team.body().data.map((row: any) => row.companyId),
      [globex.company.id]
    )
    assert.equal(team.body().meta.total, 1)
    assert.equal(team.body().data[0].user.id, globex.owner.id)

    const providers = await as(client, acme.owner, acme.company).get('/providers')
    providers.assertStatus(200)
    assert.deepEqual(
      providers.body().data.map((row: any) => row.id),
      [globex.company.id]
    )
    assert.equal(providers.body().total, 1)

    const member = await as(client, acme.owner, acme.company).get(`/team/${acme.company.id}`)
    member.assertStatus(404)
  })

  test('D8 offers the client of a provider-perspective contract, never the company itself', async ({
    client,
    assert,
  }) => {
    const { acme, globex } = await providerPerspectiveWorld(client)
    const flow = await createFlow(
      client,
      { borrower: acme.company, owner: acme.owner },
      { name: 'Mensal', steps: [documentsStep()] }
    )

    const available = await as(client, acme.owner, acme.company).get(
      `/compliance-flows/${flow.id}/available-providers`
    )
    available.assertStatus(200)
    assert.deepEqual(
      available.body().data.map((row: any) => row.id),
      [globex.company.id]
    )
    assert.equal(available.body().total, 1)
  })

  test('GET /clients: a company is never its own client; the borrowers it serves stay', async ({
    client,
    assert,
  }) => {
    const { acme } = await providerPerspectiveWorld(client)
    const initech = await companyWithOwner()
    await contractWith(initech.company, { companyId: acme.company.id })

    const clients = await as(client, acme.owner, acme.company).get('/clients')
    clients.assertStatus(200)
    assert.deepEqual(
      clients.body().data.map((row: any) => row.companyId),
      [initech.company.id]
    )
    assert.equal(clients.body().meta.total, 1)
  })

  test('a neutral part is nobody’s link', async ({ client, assert }) => {
    const { acme, globex, contractId } = await providerPerspectiveWorld(client)
    const witness = await companyWithOwner()
    await ContractPart.create({ contractId, companyId: witness.company.id, role: 'NEUTRAL' })

    const team = await as(client, acme.owner, acme.company).get('/team')
    assert.deepEqual(
      team.body().data.map((row: any) => row.companyId),
      [globex.company.id]
    )
  })
})
