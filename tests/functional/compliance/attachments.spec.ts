import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ComplianceFlow from '#models/compliance_flow'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import { companyWithOwner } from '#tests/support/tenancy'
import {
  activeContract,
  complianceWorld,
  createFlow,
  documentsStep,
  headers,
} from '#tests/support/compliance'
import { formatCnpj } from '#support/documents'

test.group('Compliance / attachments (D6-D9, E9-E13)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('D6 attaches companies and persons with their active contract, idempotently', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client, world, { name: 'Fluxo', steps: [documentsStep()] }, false)
    const path = `/api/v1/compliance-flows/${flow.id}/providers`
    const attach = (providerIds: string[]) =>
      client.post(path).headers(headers(world.borrower)).json({ providerIds }).loginAs(world.owner)

    const first = await attach([world.providerCompany.id, world.person.id])
    first.assertStatus(200)
    const body = first.body().data
    assert.equal(body.providersCount, 2)
    const company = body.attachedProviders.find(
      (p: any) => p.providerId === world.providerCompany.id
    )
    assert.equal(company.document, formatCnpj(world.providerCompany.document))
    assert.equal(company.contractId, world.companyContract.id)
    assert.equal(company.contractName, 'Contrato PJ')
    const person = body.attachedProviders.find((p: any) => p.providerId === world.person.id)
    assert.equal(person.contractName, 'Contrato PF')
    assert.equal(person.name, world.person.name)

    const again = await attach([world.providerCompany.id])
    again.assertStatus(200)
    assert.equal(again.body().data.providersCount, 2)
    assert.isTrue(again.body().data.updatedAt >= body.updatedAt)

    const { company: stranger } = await companyWithOwner()
    const unknown = await attach([stranger.id])
    unknown.assertStatus(404)
    unknown.assertBody({
      message: `Prestadores não encontrados: ${stranger.id}`,
      code: 'E_NOT_FOUND',
    })
  })

  test('D7 detaches; D8 lists available providers by name or CNPJ', async ({ client, assert }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client, world, { name: 'Fluxo' }, false)
    await client
      .post(`/api/v1/compliance-flows/${flow.id}/providers`)
      .headers(headers(world.borrower))
      .json({ providerIds: [world.providerCompany.id] })
      .loginAs(world.owner)
    const available = (search?: string) =>
      client
        .get(`/api/v1/compliance-flows/${flow.id}/available-providers`)
        .qs(search ? { search } : {})
        .headers(headers(world.borrower))
        .loginAs(world.owner)

    const list = await available()
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((p: any) => p.id),
      [world.person.id]
    )

    const detach = await client
      .delete(`/api/v1/compliance-flows/${flow.id}/providers/${world.providerCompany.id}`)
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    detach.assertStatus(204)
    assert.equal((await ComplianceFlow.findOrFail(flow.id)).providersCount, 0)
    const twice = await client
      .delete(`/api/v1/compliance-flows/${flow.id}/providers/${world.providerCompany.id}`)
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    twice.assertStatus(404)

    const document = world.providerCompany.document
    for (const search of [
      document,
      formatCnpj(document),
      world.providerCompany.name.toUpperCase(),
    ]) {
      const found = await available(search)
      assert.deepEqual(
        found.body().data.map((p: any) => p.id),
        [world.providerCompany.id],
        search
      )
      assert.equal(found.body().total, 1)
    }
    const none = await available('zzz-nobody')
    assert.deepEqual(none.body(), { data: [], total: 0 })
  })

  test('D9 validates everything before inserting; 404 messages and 400', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const active = await createFlow(client, world, { name: 'Ativo', steps: [documentsStep()] })
    const draft = await createFlow(client, world, { name: 'Rascunho' }, false)
    const post = (body: unknown) =>
      client
        .post('/api/v1/providers/compliance-flows')
        .headers(headers(world.borrower))
        .json(body)
        .loginAs(world.owner)

    const { company: stranger } = await companyWithOwner()
    const missingProvider = await post({
      attachments: [
        { providerId: world.providerCompany.id, complianceFlowId: active.id },
        { providerId: stranger.id, complianceFlowId: active.id },
      ],
    })
    missingProvider.assertStatus(404)
    assert.equal(missingProvider.body().message, `Prestadores não encontrados: ${stranger.id}`)

    const inactiveFlow = await post({
      attachments: [{ providerId: world.providerCompany.id, complianceFlowId: draft.id }],
    })
    inactiveFlow.assertStatus(404)
    assert.equal(
      inactiveFlow.body().message,
      `Fluxos de compliance não encontrados ou inativos: ${draft.id}`
    )
    assert.lengthOf(await ProviderComplianceFlow.all(), 0)

    ;(await post({ attachments: [] })).assertStatus(400)
    ;(
      await post({ attachments: [{ providerId: 'nope', complianceFlowId: active.id }] })
    ).assertStatus(400)
    ;(await post({})).assertStatus(400)

    const pairs = {
      attachments: [
        { providerId: world.providerCompany.id, complianceFlowId: active.id },
        { providerId: world.person.id, complianceFlowId: active.id },
      ],
    }
    const created = await post(pairs)
    created.assertStatus(201)
    assert.lengthOf(created.body().data, 2)
    assert.equal(created.body().data[0].complianceFlowName, 'Ativo')
    const again = await post(pairs)
    again.assertStatus(201)
    assert.deepEqual(
      again.body().data.map((a: any) => a.providerComplianceFlowId),
      created.body().data.map((a: any) => a.providerComplianceFlowId)
    )
    assert.lengthOf(await ProviderComplianceFlow.all(), 2)

    const e10 = await client
      .post('/api/v1/team/compliance-flows')
      .headers(headers(world.borrower))
      .json(pairs)
      .loginAs(world.owner)
    e10.assertStatus(201)
    assert.lengthOf(e10.body().data, 2)
  })

  test('a provider whose contract is not active is not available', async ({ client, assert }) => {
    const world = await complianceWorld()
    const { company: ended } = await companyWithOwner()
    const contract = await activeContract(world.borrower, { companyId: ended.id })
    contract.status = 'finished'
    await contract.save()
    const flow = await createFlow(client, world, { name: 'Fluxo' })
    const response = await client
      .post(`/api/v1/compliance-flows/${flow.id}/providers`)
      .headers(headers(world.borrower))
      .json({ providerIds: [ended.id] })
      .loginAs(world.owner)
    response.assertStatus(404)
    assert.equal(response.body().message, `Prestadores não encontrados: ${ended.id}`)
  })

  test('E11 attaches with leaderships (409 when attached); E12 updates; E9 lists; E13 detaches', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client, world, {
      name: 'Liderança',
      steps: [documentsStep({ includeImmediateLeadership: true })],
    })
    const stepId = flow.steps[0].id
    const base = `/api/v1/team/${world.providerCompany.id}/compliance-flows`
    const attach = (body: object) =>
      client.post(base).headers(headers(world.borrower)).json(body).loginAs(world.owner)

    const badLeader = await attach({
      complianceFlowId: flow.id,
      stepLeaderships: [{ stepId, immediateLeadershipIds: [world.person.id] }],
    })
    badLeader.assertStatus(422)
    const created = await attach({
      complianceFlowId: flow.id,
      stepLeaderships: [{ stepId, immediateLeadershipIds: [world.analyst.id] }],
    })
    created.assertStatus(201)
    const attachment = created.body().data
    assert.deepEqual(attachment.stepLeaderships, [
      { stepId, immediateLeadershipIds: [world.analyst.id] },
    ])
    ;(await attach({ complianceFlowId: flow.id })).assertStatus(409)

    const updated = await client
      .put(`${base}/${attachment.providerComplianceFlowId}`)
      .headers(headers(world.borrower))
      .json({ stepLeaderships: [{ stepId, immediateLeadershipIds: [world.validator.id] }] })
      .loginAs(world.owner)
    updated.assertStatus(200)
    assert.deepEqual(updated.body().data.stepLeaderships[0].immediateLeadershipIds, [
      world.validator.id,
    ])

    const list = await client.get(base).headers(headers(world.borrower)).loginAs(world.owner)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((a: any) => a.complianceFlowId),
      [flow.id]
    )

    const removed = await client
      .delete(`${base}/${attachment.providerComplianceFlowId}`)
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    removed.assertStatus(204)
    const after = await client.get(base).headers(headers(world.borrower)).loginAs(world.owner)
    assert.deepEqual(after.body().data, [])
    const reattached = await attach({ complianceFlowId: flow.id })
    reattached.assertStatus(201)
    assert.equal(reattached.body().data.id, attachment.id)
  })

  test('team routes: another company provider is 404, a provider role 403', async ({ client }) => {
    const world = await complianceWorld()
    const other = await complianceWorld()
    const flow = await createFlow(client, world, { name: 'Fluxo' })
    for (const path of [
      `/api/v1/team/${other.providerCompany.id}/compliance-flows`,
      `/api/v1/team/${other.providerCompany.id}/compliances`,
    ]) {
      ;(await client.get(path).headers(headers(world.borrower)).loginAs(world.owner)).assertStatus(
        404
      )
    }
    const foreign = await client
      .post(`/api/v1/team/${other.providerCompany.id}/compliance-flows`)
      .headers(headers(world.borrower))
      .json({ complianceFlowId: flow.id })
      .loginAs(world.owner)
    foreign.assertStatus(404)
    const role = await client
      .get(`/api/v1/team/${world.providerCompany.id}/compliance-flows`)
      .headers(headers(world.borrower))
      .loginAs(world.person)
    role.assertStatus(403)
  })
})
