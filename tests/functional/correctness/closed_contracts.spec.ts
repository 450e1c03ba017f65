import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import SweepContracts from '#actions/contracts/sweep_contracts'
import ContractPart from '#models/contract_part'
import type { ApiClient } from '@japa/api-client'
import { companyWithOwner } from '#tests/support/tenancy'
import { legalProvider, linkProvider, naturalProvider } from '#tests/support/hours'
import { as } from '#tests/support/http'
import db from '@adonisjs/lucid/services/db'
import IndexSeeder from '#database/seeders/main/index_seeder'
import Company from '#models/company'
import User from '#models/user'

/** B4 as the provider: the contract's `isActive` */
async function providerSees(client: ApiClient, borrower: Company, user: User, id: string) {
  const response = await as(client, user, borrower).get('/contracts')
  response.assertStatus(200)
  const item = response.body().data.find((row: { id: string }) => row.id === id)
  return item?.isActive as boolean | undefined
}

/** E1 filtered by status, as the borrower: the contract ids listed */
async function teamIds(client: ApiClient, borrower: Company, owner: User, status: string) {
  const response = await as(client, owner, borrower).get(`/team?status=${status}`)
  response.assertStatus(200)
  return response.body().data.map((row: { contractId: string }) => row.contractId)
}

test.group('Correctness / closed contracts look closed', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('cancelling settles the links: B4 isActive false, E1 inactive, E2 history', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const beta = await legalProvider(borrower, { status: 'signing' })
    assert.isTrue(await providerSees(client, borrower, beta.owner, beta.contract.id))

    const cancel = await as(client, owner, borrower)
      .patch(`/contracts/${beta.contract.id}/cancel`)
      .json({ reason: 'No longer needed' })
    cancel.assertStatus(200)

    assert.isFalse(await providerSees(client, borrower, beta.owner, beta.contract.id))
    assert.include(await teamIds(client, borrower, owner, 'inactive'), beta.contract.id)
    assert.notInclude(await teamIds(client, borrower, owner, 'active'), beta.contract.id)
    const detail = await as(client, owner, borrower).get(`/team/${beta.company.id}`)
    detail.assertStatus(200)
    assert.deepEqual(
      detail.body().contractsHistory.map((row: any) => [row.id, row.status, row.isActive]),
      [[beta.contract.id, 'cancelled', false]]
    )
  })

  test('H9 ARCHIVED and DONE settle the links of every part', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const archived = await naturalProvider(borrower, { status: 'signature' })
    const done = await naturalProvider(borrower, { status: 'active' })

    for (const [link, command] of [
      [archived, 'ARCHIVED'],
      [done, 'DONE'],
    ] as const) {
      const response = await as(client, owner, borrower)
        .patch(`/contracts/${link.contract.id}/status`)
        .json({ status: command })
      response.assertStatus(200)
      assert.isFalse(await providerSees(client, borrower, link.user, link.contract.id))
      const parts = await ContractPart.query().where('contract_id', link.contract.id)
      assert.lengthOf(parts, 2)
      assert.isTrue(parts.every((part) => !part.isActive))
    }
  })

  test('the sweep finishing a contract settles its links; a running one keeps them', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ended = await naturalProvider(borrower)
    await ended.contract.merge({ endDate: DateTime.now().minus({ days: 3 }) }).save()
    const running = await naturalProvider(borrower)

    const result = await new SweepContracts().handle()
    assert.deepInclude(result, { locked: true })

    assert.isFalse(await providerSees(client, borrower, ended.user, ended.contract.id))
    assert.isTrue(await providerSees(client, borrower, running.user, running.contract.id))
    const summary = await as(client, ended.user, borrower).get('/provider/active-contract/summary')
    summary.assertStatus(404)
  })

  test('E3 cannot reactivate the link of a closed contract', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower, { status: 'signing' })
    await as(client, owner, borrower).patch(`/contracts/${ana.contract.id}/cancel`).json({})

    const response = await as(client, owner, borrower)
      .patch(`/team/${ana.part.id}/active`)
      .json({ isActive: true })
    response.assertStatus(409)
    await ana.part.refresh()
    assert.isFalse(ana.part.isActive)
    ;(
      await as(client, owner, borrower)
        .patch(`/team/${ana.part.id}/active`)
        .json({ isActive: false })
    ).assertStatus(200)
  })

  test('B1 answers a signed contract about to start, its status inside the enum', async ({
    client,
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower, { status: 'completed' })
    await ana.contract.merge({ startDate: DateTime.now().plus({ days: 10 }) }).save()

    const upcoming = await as(client, ana.user, borrower).get('/provider/active-contract/summary')
    upcoming.assertStatus(200)
    assert.equal(upcoming.body().contractId, ana.contract.id)
    assert.equal(upcoming.body().contractStatus, 'signed')

    // a contract in force wins over the one about to start, same status value
    const running = await linkProvider(borrower, { userId: ana.user.id }, { status: 'active' })
    const current = await as(client, ana.user, borrower).get('/provider/active-contract/summary')
    current.assertStatus(200)
    assert.equal(current.body().contractId, running.contract.id)
    assert.equal(current.body().contractStatus, 'signed')

    const summary = await as(client, ana.user, borrower).get('/summary')
    summary.assertStatus(200)
    assert.equal(summary.body().data.activeContract.contractStatus, 'signed')
  })

  test('E2 history holds the closed contracts only', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const other = (status: any) => linkProvider(borrower, { userId: ana.user.id }, { status })
    const finished = await other('finished')
    const cancelled = await other('cancelled')
    const archived = await other('archived')
    await other('draft')
    await other('in_review')
    await other('signing')
    await other('completed')

    const response = await as(client, owner, borrower).get(`/team/${ana.user.id}`)
    response.assertStatus(200)
    assert.equal(response.body().contract.id, ana.contract.id)
    assert.sameMembers(
      response.body().contractsHistory.map((row: { id: string }) => row.id),
      [finished.contract.id, cancelled.contract.id, archived.contract.id]
    )
  })

  test('the demo data: Beta sees its closed contracts as history (isActive false)', async ({
    client,
    assert,
  }) => {
    await new IndexSeeder(db.connection()).run()
    const acme = await Company.findByOrFail('email', 'contato@acme.test')
    const beta = await User.findByOrFail('email', 'beta@beta.test')
    const response = await as(client, beta, acme).get('/contracts?perPage=100')
    response.assertStatus(200)
    const byStatus = new Map<string, boolean>(
      response
        .body()
        .data.map((row: { status: string; isActive: boolean }) => [row.status, row.isActive])
    )
    for (const closed of ['finished', 'cancelled', 'archived']) {
      assert.isFalse(byStatus.get(closed), closed)
    }
    assert.isTrue(byStatus.get('signing'))
  })
})
