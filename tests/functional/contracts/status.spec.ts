import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import ContractReviewApproval from '#models/contract_review_approval'
import { contractWorld, createContract, type ContractWorld } from '#tests/support/contracts'
import { memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

async function approveAll(contractId: string) {
  const contract = await Contract.findOrFail(contractId)
  const reviewers = await contract.related('reviewers').query()
  for (const reviewer of reviewers) {
    await ContractReviewApproval.create({
      contractId,
      itemId: contractId,
      reviewerId: reviewer.id,
      decision: 'approved',
      reviewedAt: contract.createdAt,
    })
  }
}

async function withoutUploads(client: any, world: ContractWorld) {
  return createContract(client, world, {
    documents: [],
    variableValues: [{ name: 'contractName', value: 'X', required: true }],
  })
}

test.group('Contracts / status (H9), steps (H8), cancel', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('H9 IN_REVIEW needs a reviewer (422), then moves and records history', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const bare = await createContract(client, world, { revisionConfig: { reviewers: [] } })
    const refused = await api.patch(`/contracts/${bare}/status`).json({ status: 'IN_REVIEW' })
    refused.assertStatus(422)
    assert.equal((await Contract.findOrFail(bare)).status, 'draft')

    const id = await createContract(client, world)
    const response = await api.patch(`/contracts/${id}/status`).json({ status: 'IN_REVIEW' })
    response.assertStatus(200)
    response.assertBody({ data: { id, status: 'in_review' } })
    const history = await ContractHistory.query()
      .where('contract_id', id)
      .where('type', 'STATUS_CHANGED')
    assert.deepEqual(history[0].payload, { from: 'draft', to: 'in_review', command: 'IN_REVIEW' })

    ;(await api.patch(`/contracts/${id}/status`).json({ status: 'DRAFT' })).assertBody({
      data: { id, status: 'draft' },
    })
  })

  test('H9 lowercase or unknown commands get 422', async ({ client, assert }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    for (const status of ['in_review', 'published', 'CANCELLED', 'ACTIVE', '', 42]) {
      const response = await as(client, world.owner, world.company)
        .patch(`/contracts/${id}/status`)
        .json({ status })
      response.assertStatus(422)
    }
    assert.equal((await Contract.findOrFail(id)).status, 'draft')
  })

  test('H9 transitions the rules do not allow get 409 and change nothing', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const api = as(client, world.owner, world.company)
    for (const status of ['DRAFT', 'DONE']) {
      const response = await api.patch(`/contracts/${id}/status`).json({ status })
      response.assertStatus(409)
      assert.isString(response.body().message)
    }
    await Contract.query().where('id', id).update({ status: 'active' })
    for (const status of ['IN_REVIEW', 'PUBLISHED', 'ARCHIVED', 'DRAFT']) {
      ;(await api.patch(`/contracts/${id}/status`).json({ status })).assertStatus(409)
    }
    assert.equal((await Contract.findOrFail(id)).status, 'active')
    ;(await api.patch(`/contracts/${id}/status`).json({ status: 'DONE' })).assertBody({
      data: { id, status: 'finished' },
    })
    ;(await api.patch(`/contracts/${id}/status`).json({ status: 'ARCHIVED' })).assertBody({
      data: { id, status: 'archived' },
    })
  })

  test('H9 PUBLISHED needs the current step data (422), then goes to provider or signature', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const id = await createContract(client, world, { currentStep: { key: 'review', index: 3 } })
    const refused = await api.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })
    refused.assertStatus(422)
    assert.equal((await Contract.findOrFail(id)).status, 'draft')

    await approveAll(id)
    const published = await api.patch(`/contracts/${id}/status`).json({ status: 'PUBLISHED' })
    published.assertBody({ data: { id, status: 'provider' } })
    const contract = await Contract.findOrFail(id)
    assert.isNotNull(contract.publishedAt)
    assert.isNotNull(contract.deadlineAt, 'workflow deadlineDays sets the deadline')

    const direct = await withoutUploads(client, world)
    const signature = await api.patch(`/contracts/${direct}/status`).json({ status: 'PUBLISHED' })
    signature.assertBody({ data: { id: direct, status: 'signature' } })
  })

  test('H8 completes a step when its data is filled', async ({ client, assert }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const id = await createContract(client, world)

    const parts = await api.patch(`/contracts/${id}/steps/parts/complete`)
    parts.assertStatus(200)
    parts.assertBody({ data: { success: true, stepKey: 'parts' } })
    const contract = await Contract.findOrFail(id)
    assert.equal(contract.status, 'model')
    assert.deepEqual(contract.currentStep, { key: 'model', index: 1 })
    assert.equal(contract.progress, 50)

    ;(await api.patch(`/contracts/${id}/steps/review/complete`)).assertStatus(422)
    ;(await api.patch(`/contracts/${id}/steps/unknown/complete`)).assertStatus(422)
    const history = await ContractHistory.query()
      .where('contract_id', id)
      .where('type', 'STEP_COMPLETED')
    assert.lengthOf(history, 1)
  })

  test('H8 model step needs a template and required variables', async ({ client }) => {
    const world = await contractWorld()
    const id = await createContract(client, world, {
      variableValues: [{ name: 'contractName', value: ' ', required: true }],
    })
    const api = as(client, world.owner, world.company)
    ;(await api.patch(`/contracts/${id}/steps/model/complete`)).assertStatus(422)
  })

  test('cancel moves to cancelled; a finished contract cannot be cancelled', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const api = as(client, world.owner, world.company)
    const id = await createContract(client, world)
    const response = await api.patch(`/contracts/${id}/cancel`).json({ reason: 'Desistência' })
    response.assertBody({ data: { id, status: 'cancelled' } })
    ;(await api.patch(`/contracts/${id}/cancel`).json({})).assertStatus(409)
    assert.equal((await Contract.findOrFail(id)).status, 'cancelled')
  })

  test('status routes: other company 404, provider 403, no token 401', async ({ client }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const other = await contractWorld()
    const provider = await memberOf(world.company, 'provider')
    ;(
      await as(client, other.owner, other.company)
        .patch(`/contracts/${id}/status`)
        .json({ status: 'IN_REVIEW' })
    ).assertStatus(404)
    ;(
      await as(client, provider, world.company)
        .patch(`/contracts/${id}/status`)
        .json({ status: 'IN_REVIEW' })
    ).assertStatus(403)
    ;(
      await as(client, other.owner, other.company).patch(`/contracts/${id}/steps/parts/complete`)
    ).assertStatus(404)
    ;(
      await client.patch(`/api/v1/contracts/${id}/status`).json({ status: 'IN_REVIEW' })
    ).assertStatus(401)
  })
})
