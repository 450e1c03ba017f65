import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import CompanyMember from '#models/company_member'
import ComplianceFlow from '#models/compliance_flow'
import ProviderComplianceFlow from '#models/provider_compliance_flow'
import { CompanyFactory } from '#database/factories/company_factory'
import { activeContract, createFlow, documentsStep } from '#tests/support/compliance'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/**
 * The compliance finders (flows, active providers, known providers) run
 * by a user who OWNS two borrowers: the context company decides, and the
 * other company's flow or provider is 404 even though the user may see it
 * there.
 */
async function twoBorrowers() {
  const { company: first, owner } = await companyWithOwner()
  const second = await CompanyFactory.create()
  await CompanyMember.create({ companyId: second.id, userId: owner.id, role: 'owner' })
  /** A provider of the second borrower only */
  const theirs = await memberOf(second, 'provider')
  await activeContract(second, { userId: theirs.id }, 'Contrato do segundo')
  /** A provider of the first borrower */
  const mine = await memberOf(first, 'provider')
  await activeContract(first, { userId: mine.id }, 'Contrato do primeiro')
  return { first, second, owner, mine, theirs }
}

test.group('Compliance / a user who owns two borrowers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("D1-D9: the other borrower's flow is 404 in this context", async ({ client, assert }) => {
    const world = await twoBorrowers()
    const flowOfSecond = await createFlow(
      client as ApiClient,
      { borrower: world.second, owner: world.owner },
      { name: 'Fluxo do segundo', steps: [documentsStep()] }
    )
    const flowOfFirst = await createFlow(
      client as ApiClient,
      { borrower: world.first, owner: world.owner },
      { name: 'Fluxo do primeiro', steps: [documentsStep()] }
    )
    const inFirst = as(client as ApiClient, world.owner, world.first)
    const inSecond = as(client as ApiClient, world.owner, world.second)

    const listed = await inFirst.get('/compliance-flows')
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().data.map((flow: any) => flow.id),
      [flowOfFirst.id]
    )
    ;(await inSecond.get(`/compliance-flows/${flowOfSecond.id}`)).assertStatus(200)
    ;(await inFirst.get(`/compliance-flows/${flowOfSecond.id}`)).assertStatus(404)
    ;(
      await inFirst.put(`/compliance-flows/${flowOfSecond.id}`).json({ name: 'Renamed' })
    ).assertStatus(404)
    ;(
      await inFirst.post(`/compliance-flows/${flowOfSecond.id}/providers`).json({
        providerIds: [world.mine.id],
      })
    ).assertStatus(404)
    ;(await inFirst.get(`/compliance-flows/${flowOfSecond.id}/available-providers`)).assertStatus(
      404
    )
    ;(
      await inFirst.post('/providers/compliance-flows').json({
        attachments: [{ providerId: world.mine.id, complianceFlowId: flowOfSecond.id }],
      })
    ).assertStatus(404)
    ;(await inFirst.delete(`/compliance-flows/${flowOfSecond.id}`)).assertStatus(404)
    const kept = await ComplianceFlow.findOrFail(flowOfSecond.id)
    assert.equal(kept.name, 'Fluxo do segundo')
    assert.lengthOf(await ProviderComplianceFlow.query().where('flow_id', kept.id), 0)
  })

  test("D6, D8, D9, E9, E11: the other borrower's provider is not available here", async ({
    client,
    assert,
  }) => {
    const world = await twoBorrowers()
    const flow = await createFlow(
      client as ApiClient,
      { borrower: world.first, owner: world.owner },
      { name: 'Fluxo', steps: [documentsStep()] }
    )
    const inFirst = as(client as ApiClient, world.owner, world.first)
    const inSecond = as(client as ApiClient, world.owner, world.second)

    const available = await inFirst.get(`/compliance-flows/${flow.id}/available-providers`)
    available.assertStatus(200)
    assert.deepEqual(
      available.body().data.map((provider: any) => provider.id),
      [world.mine.id]
    )

    const attach = await inFirst
      .post(`/compliance-flows/${flow.id}/providers`)
      .json({ providerIds: [world.theirs.id] })
    attach.assertStatus(404)
    assert.include(JSON.stringify(attach.body()), world.theirs.id)
    const pairs = await inFirst.post('/providers/compliance-flows').json({
      attachments: [{ providerId: world.theirs.id, complianceFlowId: flow.id }],
    })
    pairs.assertStatus(404)
    const e11 = await inFirst
      .post(`/team/${world.theirs.id}/compliance-flows`)
      .json({ complianceFlowId: flow.id })
    e11.assertStatus(404)
    assert.lengthOf(await ProviderComplianceFlow.all(), 0)

    /** E9 and E7: a provider unknown to this borrower is 404; known in its own */
    ;(await inFirst.get(`/team/${world.theirs.id}/compliance-flows`)).assertStatus(404)
    ;(await inFirst.get(`/team/${world.theirs.id}/compliances`)).assertStatus(404)
    ;(await inSecond.get(`/team/${world.theirs.id}/compliance-flows`)).assertStatus(200)
    ;(await inFirst.get(`/team/${world.mine.id}/compliance-flows`)).assertStatus(200)

    /** The same attach in the provider's own borrower works */
    const own = await inFirst
      .post(`/compliance-flows/${flow.id}/providers`)
      .json({ providerIds: [world.mine.id] })
    own.assertStatus(200)
  })
})
