import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { as } from '#tests/support/http'
import { complianceWorld, createFlow, documentsStep } from '#tests/support/compliance'
import { contractWorld, createContract } from '#tests/support/contracts'
import { naturalProvider } from '#tests/support/hours'
import { companyWithOwner } from '#tests/support/tenancy'
import { freezeClock } from '#tests/support/clock'
import { fillEverything, onboardingScenario, onboardingUrl } from '#tests/support/onboarding'

/**
 * The spec's idempotency rules under real concurrency: the same
 * request sent twice at once, each on its own connection. Outside the
 * rolled-back global transaction (it would put both requests on one
 * connection, one after the other): the rows are committed, and removed
 * with the companies and users of the world (cascades) and the deliveries
 * the requests queued.
 */
type World = Awaited<ReturnType<typeof complianceWorld>>

async function committedWorld(cleanup: (fn: () => Promise<void>) => void) {
  const startedAt = new Date()
  const world = await complianceWorld()
  cleanup(async () => {
    await db.from('deliveries').where('created_at', '>=', startedAt).delete()
    await db.from('companies').whereIn('id', [world.borrower.id, world.providerCompany.id]).delete()
    await db
      .from('users')
      .whereIn(
        'id',
        [world.owner, world.validator, world.analyst, world.providerOwner, world.person].map(
          (user) => user.id
        )
      )
      .delete()
  })
  return world
}

const attachments = (world: World, flowId: string) =>
  db
    .from('provider_compliance_flows')
    .where('flow_id', flowId)
    .where('provider_id', world.providerCompany.id)
    .whereNull('detached_at')
    .count('* as total')
    .then(([row]) => Number(row.total))

const twice = <T>(send: () => Promise<T>) => Promise.all([send(), send()])

test.group('Robustness / idempotency under concurrency', (group) => {
  group.tap((one) => one.timeout(60_000))

  test('D6: the same provider attached twice at once gives one attachment, no 500', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await committedWorld(cleanup)
    const flow = await createFlow(client as ApiClient, world, {
      name: 'D6',
      steps: [documentsStep()],
    })
    const api = as(client as ApiClient, world.owner, world.borrower)
    const responses = await twice(() =>
      api
        .post(`/compliance-flows/${flow.id}/providers`)
        .json({ providerIds: [world.providerCompany.id] })
    )
    assert.deepEqual(
      responses.map((response) => response.status()),
      [200, 200]
    )
    for (const response of responses) assert.equal(response.body().data.providersCount, 1)
    assert.equal(await attachments(world, flow.id), 1)
  })

  test('D9: the same pair attached twice at once gives one attachment, both 201 with it', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await committedWorld(cleanup)
    const flow = await createFlow(client as ApiClient, world, {
      name: 'D9',
      steps: [documentsStep()],
    })
    const api = as(client as ApiClient, world.owner, world.borrower)
    const responses = await twice(() =>
      api.post('/providers/compliance-flows').json({
        attachments: [{ providerId: world.providerCompany.id, complianceFlowId: flow.id }],
      })
    )
    assert.deepEqual(
      responses.map((response) => response.status()),
      [201, 201]
    )
    const [first, second] = responses.map(
      (response) => response.body().data[0].providerComplianceFlowId
    )
    assert.equal(first, second)
    assert.equal(await attachments(world, flow.id), 1)
  })

  test('E11 twice at once: one 201, one 409, one attachment', async ({
    client,
    assert,
    cleanup,
  }) => {
    const world = await committedWorld(cleanup)
    const flow = await createFlow(client as ApiClient, world, {
      name: 'E11',
      steps: [documentsStep()],
    })
    const api = as(client as ApiClient, world.owner, world.borrower)
    const responses = await twice(() =>
      api
        .post(`/team/${world.providerCompany.id}/compliance-flows`)
        .json({ complianceFlowId: flow.id })
    )
    assert.sameMembers(
      responses.map((response) => response.status()),
      [201, 409]
    )
    for (const response of responses) assert.isString(response.body().message ?? '')
    assert.equal(await attachments(world, flow.id), 1)
  })

  test('H9: the same transition twice at once moves the contract once, one history entry', async ({
    client,
    assert,
    cleanup,
  }) => {
    const startedAt = new Date()
    const world = await contractWorld()
    cleanup(async () => {
      await db.from('deliveries').where('created_at', '>=', startedAt).delete()
      await db
        .from('companies')
        .whereIn('id', [world.company.id, world.provider.company.id])
        .delete()
      await db
        .from('users')
        .whereIn('id', [
          world.owner.id,
          world.provider.owner.id,
          world.person.id,
          world.reviewer.id,
        ])
        .delete()
    })
    const contractId = await createContract(client as ApiClient, world)
    const api = as(client as ApiClient, world.owner, world.company)
    const responses = await twice(() =>
      api.patch(`/contracts/${contractId}/status`).json({ status: 'IN_REVIEW' })
    )
    const statuses = responses.map((response) => response.status())
    assert.include(statuses, 200)
    for (const response of responses) {
      assert.isBelow(response.status(), 500)
      if (response.status() !== 200) assert.isString(response.body().message)
    }
    const [{ total }] = await db
      .from('contract_history')
      .where('contract_id', contractId)
      .where('type', 'STATUS_CHANGED')
      .count('* as total')
    assert.equal(Number(total), 1)
    const contract = await db.from('contracts').where('id', contractId).first()
    assert.equal(contract.status, 'in_review')
  })

  test('a retroactive request approved twice at once: one 200, one 409, one work entry', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(freezeClock('2026-03-18T15:00:00.000Z'))
    const startedAt = new Date()
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    cleanup(async () => {
      await db.from('deliveries').where('created_at', '>=', startedAt).delete()
      await db.from('companies').where('id', borrower.id).delete()
      await db.from('users').whereIn('id', [owner.id, ana.user.id]).delete()
    })
    const filed = await as(client as ApiClient, ana.user, borrower)
      .post('/monitoring/retroactive-requests')
      .json({
        date: '2026-03-02',
        reason: 'Forgot to log the workshop',
        tasks: [{ description: 'Workshop', durationMinutes: 240 }],
      })
    filed.assertStatus(201)
    const id = filed.body().data.id
    const api = as(client as ApiClient, owner, borrower)
    const responses = await twice(() => api.post(`/monitoring/retroactive-requests/${id}/approve`))
    assert.sameMembers(
      responses.map((response) => response.status()),
      [200, 409]
    )
    const [{ total }] = await db
      .from('work_entries')
      .where('user_id', ana.user.id)
      .count('* as total')
    assert.equal(Number(total), 1)
  })

  test('A5 submitted twice at once: one 200, one 409, one submission recorded', async ({
    client,
    assert,
    cleanup,
  }) => {
    const startedAt = new Date()
    const s = await onboardingScenario()
    cleanup(async () => {
      await db.from('deliveries').where('created_at', '>=', startedAt).delete()
      await db.from('companies').whereIn('id', [s.borrower.id, s.providerCompany!.id]).delete()
      await db.from('users').whereIn('id', [s.borrowerOwner.id, s.providerOwner.id]).delete()
    })
    await fillEverything(client as ApiClient, s)
    const responses = await twice(() =>
      (client as ApiClient).post(onboardingUrl(s.token, '/submit')).bearerToken(s.token)
    )
    assert.sameMembers(
      responses.map((response) => response.status()),
      [200, 409]
    )
    const [{ total }] = await db
      .from('contract_history')
      .where('contract_id', s.contractId)
      .where('type', 'PROVIDER_ONBOARDING_SUBMITTED')
      .count('* as total')
    assert.equal(Number(total), 1)
  })
})
