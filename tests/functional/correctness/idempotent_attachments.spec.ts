import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import { complianceWorld, createFlow, documentsStep } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { as } from '#tests/support/http'

type World = Awaited<ReturnType<typeof complianceWorld>>

/** D1 as the borrower: flow ids in the list's order and the updatedAt of each */
async function listFlows(client: ApiClient, world: World) {
  const response = await as(client, world.owner, world.borrower).get('/compliance-flows')
  response.assertStatus(200)
  const flows: { id: string; updatedAt: string }[] = response.body().data
  return {
    order: flows.map((flow) => flow.id),
    updatedAt: new Map(flows.map((flow) => [flow.id, flow.updatedAt])),
  }
}

test.group('Correctness / attaching existing pairs is a no-op', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  test('D6 and D9 with every pair attached change no flow and keep D1 in order', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const providers = [world.providerCompany.id, world.person.id]
    const attached = await createFlow(client, world, { name: 'Attached', steps: [documentsStep()] })
    const borrower = as(client, world.owner, world.borrower)
    ;(
      await borrower
        .post(`/compliance-flows/${attached.id}/providers`)
        .json({ providerIds: providers })
    ).assertStatus(200)
    const newer = await createFlow(client, world, { name: 'Newer', steps: [documentsStep()] })
    const before = await listFlows(client, world)
    assert.deepEqual(before.order, [newer.id, attached.id])
    const attachments = await ProviderComplianceFlow.query().where('flow_id', attached.id)

    // a week later, the same pairs again, through D6 and D9
    freezeClock(new Date(Date.now() + 7 * 86_400_000).toISOString())
    const d6 = await borrower
      .post(`/compliance-flows/${attached.id}/providers`)
      .json({ providerIds: providers })
    d6.assertStatus(200)
    assert.equal(d6.body().data.updatedAt, before.updatedAt.get(attached.id))
    assert.equal(d6.body().data.providersCount, 2)

    const d9 = await borrower.post('/providers/compliance-flows').json({
      attachments: providers.map((providerId) => ({ providerId, complianceFlowId: attached.id })),
    })
    d9.assertStatus(201)
    assert.sameMembers(
      d9.body().data.map((row: { id: string }) => row.id),
      attachments.map((row) => row.id)
    )

    const after = await listFlows(client, world)
    assert.deepEqual(after.order, before.order)
    assert.deepEqual([...after.updatedAt], [...before.updatedAt])
    const again = await ProviderComplianceFlow.query().where('flow_id', attached.id)
    assert.deepEqual(
      again.map((row) => [row.id, row.attachedAt.toISO(), row.contractId]),
      attachments.map((row) => [row.id, row.attachedAt.toISO(), row.contractId])
    )
  })

  test('a new pair among existing ones still touches its flow', async ({ client, assert }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client, world, { name: 'Flow', steps: [documentsStep()] })
    const borrower = as(client, world.owner, world.borrower)
    const first = await borrower
      .post(`/compliance-flows/${flow.id}/providers`)
      .json({ providerIds: [world.person.id] })
    first.assertStatus(200)

    freezeClock(new Date(Date.now() + 7 * 86_400_000).toISOString())
    const second = await borrower
      .post(`/compliance-flows/${flow.id}/providers`)
      .json({ providerIds: [world.person.id, world.providerCompany.id] })
    second.assertStatus(200)
    assert.equal(second.body().data.providersCount, 2)
    assert.isAbove(
      Date.parse(second.body().data.updatedAt),
      Date.parse(first.body().data.updatedAt)
    )
  })
})
