import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import StepCompliance from '#models/step_compliance'
import type User from '#models/user'
import {
  attachedWorld,
  documentsStep,
  headers,
  ONE_DOCUMENT,
  sendFirstStep,
} from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'

type World = Awaited<ReturnType<typeof attachedWorld>>

function reviewer(client: ApiClient, world: World, stepId: string) {
  return (user: User, body: object, complianceId = world.companyCompliance.id) =>
    client
      .patch(
        `/api/v1/team/${world.providerCompany.id}/compliances/${complianceId}/steps/${stepId}/review`
      )
      .headers(headers(world.borrower))
      .json(body)
      .loginAs(user)
}

/** Sets the provider's immediate leaders of a step (E12) */
async function setLeaders(client: ApiClient, world: World, stepId: string, ids: string[]) {
  const response = await client
    .put(
      `/api/v1/team/${world.providerCompany.id}/compliance-flows/${world.companyCompliance.providerComplianceFlowId}`
    )
    .headers(headers(world.borrower))
    .json({ stepLeaderships: [{ stepId, immediateLeadershipIds: ids }] })
    .loginAs(world.owner)
  response.assertStatus(200)
}

const stepStatus = async (id: string) => (await StepCompliance.findOrFail(id)).status

test.group('Compliance / review (E7, E8)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('only validators review (403); reason required (422); checks on state and ids', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({ ...ONE_DOCUMENT, validators: [{ userId: w.validator.id }] }),
    ])
    const step = world.companyCompliance.steps[0]
    const review = reviewer(client as ApiClient, world, step.id)

    const early = await review(world.validator, { documentId: step.id, action: 'approve' })
    early.assertStatus(409)
    const { documentId } = await sendFirstStep(client as ApiClient, world)

    ;(await review(world.owner, { documentId, action: 'approve' })).assertStatus(403)
    ;(await review(world.analyst, { documentId, action: 'approve' })).assertStatus(403)
    ;(await review(world.validator, { documentId, action: 'reject' })).assertStatus(422)
    ;(await review(world.validator, { action: 'approve' })).assertStatus(422)
    ;(await review(world.validator, { documentId, action: 'maybe' })).assertStatus(422)
    ;(await review(world.validator, { documentId: step.id, action: 'approve' })).assertStatus(404)
    ;(
      await review(world.validator, { documentId, action: 'approve' }, world.personCompliance.id)
    ).assertStatus(404)
    const provider = await client
      .patch(
        `/api/v1/team/${world.providerCompany.id}/compliances/${world.companyCompliance.id}/steps/${step.id}/review`
      )
      .headers(headers(world.borrower))
      .json({ documentId, action: 'approve' })
      .loginAs(world.providerOwner)
    provider.assertStatus(403)
    assert.equal(await stepStatus(step.id), 'submitted')

    ;(await review(world.validator, { documentId, action: 'approve' })).assertStatus(200)
    assert.equal(await stepStatus(step.id), 'approved')
    ;(await review(world.validator, { documentId, action: 'approve' })).assertStatus(409)
  })

  test('allValidatorsRequired: every validator and leader must approve', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({
        ...ONE_DOCUMENT,
        validators: [{ userId: w.validator.id }],
        includeImmediateLeadership: true,
        allValidatorsRequired: true,
      }),
    ])
    const step = world.companyCompliance.steps[0]
    await setLeaders(client as ApiClient, world, world.flow.steps[0].id, [world.analyst.id])
    const { documentId } = await sendFirstStep(client as ApiClient, world)
    const review = reviewer(client as ApiClient, world, step.id)

    const first = await review(world.validator, { documentId, action: 'approve' })
    first.assertStatus(200)
    assert.equal(first.body().data.status, 'pending')
    assert.equal(await stepStatus(step.id), 'submitted')
    ;(await review(world.validator, { documentId, action: 'approve' })).assertStatus(409)
    const second = await review(world.analyst, { documentId, action: 'approve' })
    assert.equal(second.body().data.status, 'approved')
    assert.equal(await stepStatus(step.id), 'approved')
  })

  test('onlyImmediateLeadershipRequired: a validator approval does not complete the review', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({
        ...ONE_DOCUMENT,
        validators: [{ userId: w.validator.id }],
        includeImmediateLeadership: true,
        onlyImmediateLeadershipRequired: true,
      }),
    ])
    const step = world.companyCompliance.steps[0]
    await setLeaders(client as ApiClient, world, world.flow.steps[0].id, [world.analyst.id])
    const shown = await client
      .get(`/api/v1/provider-compliances/${world.companyCompliance.id}`)
      .headers(headers(world.borrower))
      .loginAs(world.providerOwner)
    assert.sameMembers(
      shown.body().data.steps[0].validators.map((v: any) => v.userId),
      [world.validator.id, world.analyst.id]
    )
    const { documentId } = await sendFirstStep(client as ApiClient, world)
    const review = reviewer(client as ApiClient, world, step.id)
    assert.equal(
      (await review(world.validator, { documentId, action: 'approve' })).body().data.status,
      'pending'
    )
    assert.equal(
      (await review(world.analyst, { documentId, action: 'approve' })).body().data.status,
      'approved'
    )
  })

  test('a leader of a step without includeImmediateLeadership may not review', async ({
    client,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({ ...ONE_DOCUMENT, validators: [{ userId: w.validator.id }] }),
    ])
    await setLeaders(client as ApiClient, world, world.flow.steps[0].id, [world.analyst.id])
    const { step, documentId } = await sendFirstStep(client as ApiClient, world)
    const review = reviewer(client as ApiClient, world, step.id)
    ;(await review(world.analyst, { documentId, action: 'approve' })).assertStatus(403)
  })

  test('platformData: grant, submit, validators see the data in E7, review the step', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      {
        title: 'Dados',
        stepType: 'platformData',
        schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 15 },
        platformDataTypes: ['hours', 'activeContracts'],
        validators: [{ userId: w.validator.id }],
      },
    ])
    const compliance = world.companyCompliance
    const step = compliance.steps[0]
    const path = `/api/v1/provider-compliances/${compliance.id}/steps/${step.id}`
    const asProvider = (request: any) =>
      request.headers(headers(world.borrower)).loginAs(world.providerOwner)

    ;(await asProvider(client.post(`${path}/submit`).json({}))).assertStatus(422)
    ;(await asProvider(client.post(`${path}/grant`).json({ dataTypes: ['salary'] }))).assertStatus(
      422
    )
    ;(await asProvider(client.post(`${path}/grant`).json({ dataTypes: [] }))).assertStatus(422)
    const granted = await asProvider(
      client.post(`${path}/grant`).json({ dataTypes: ['hours', 'activeContracts'] })
    )
    granted.assertStatus(200)
    assert.equal(granted.body().data.status, 'in_progress')
    assert.isNull(granted.body().data.platformData)
    ;(await asProvider(client.post(`${path}/submit`).json({}))).assertStatus(200)

    const team = await client
      .get(`/api/v1/team/${world.providerCompany.id}/compliances`)
      .headers(headers(world.borrower))
      .loginAs(world.validator)
    team.assertStatus(200)
    const data = team.body().data[0].steps[0].platformData
    assert.deepEqual(data.hours, { totalMinutes: 0, totalHours: 0 })
    assert.deepEqual(
      data.activeContracts.map((c: any) => c.contractId),
      [world.companyContract.id]
    )

    const review = reviewer(client as ApiClient, world, step.id)
    ;(await review(world.validator, { action: 'reject' })).assertStatus(422)
    const approved = await review(world.validator, { action: 'approve' })
    approved.assertStatus(200)
    assert.equal(approved.body().data.status, 'approved')
    const after = await client
      .get(`/api/v1/provider-compliances/${compliance.id}`)
      .headers(headers(world.borrower))
      .loginAs(world.providerOwner)
    assert.equal(after.body().data.status, 'approved')
  })

  test('E7 filters by year and status; documents steps show no platform data', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep()])
    const list = (qs: object) =>
      client
        .get(`/api/v1/team/${world.person.id}/compliances`)
        .qs(qs)
        .headers(headers(world.borrower))
        .loginAs(world.owner)
    assert.lengthOf((await list({})).body().data, 1)
    assert.lengthOf((await list({ year: 2026, status: 'pending' })).body().data, 1)
    assert.lengthOf((await list({ year: 2025 })).body().data, 0)
    assert.lengthOf((await list({ status: 'approved' })).body().data, 0)
    ;(await list({ status: 'x' })).assertStatus(422)
    assert.isNull((await list({})).body().data[0].steps[0].platformData)
  })
})
