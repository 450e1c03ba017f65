import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import AuthSession from '#models/auth_session'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { legalProvider, linkProvider, naturalProvider } from '#tests/support/hours'
import { freezeClock } from '#tests/support/clock'

test.group('Team / E2 detail and E5 compatibility', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-18T15:00:00.000Z'))

  test('a natural person: member, active contract, history and sessions', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower, { contractName: 'Current' })
    const old = await linkProvider(
      borrower,
      { userId: ana.user.id },
      { status: 'finished', isActive: false, contractName: 'Old' }
    )
    await AuthSession.create({
      userId: ana.user.id,
      browser: 'Chrome',
      os: 'Android',
      ip: '10.0.0.1',
      expiresAt: DateTime.now().plus({ days: 1 }),
    })

    const response = await client
      .get(`/api/v1/team/${ana.user.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.member.contractPartId, ana.part.id)
    assert.notProperty(body.member, 'hasActiveContract')
    assert.equal(body.contract.id, ana.contract.id)
    assert.equal(body.contract.name, 'Current')
    assert.equal(body.contract.value, 8000)
    assert.equal(body.contract.partRateValue, 50)
    assert.deepEqual(
      body.contractsHistory.map((item: any) => [item.id, item.isActive]),
      [[old.contract.id, false]]
    )
    assert.deepEqual(body.documents, [])
    assert.lengthOf(body.sessions, 1)
    assert.include(body.sessions[0], { browser: 'Chrome', os: 'Android', ip: '10.0.0.1' })
  })

  test('a legal entity: company member, no sessions; contract null without active one', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const beta = await legalProvider(borrower, { status: 'finished' })
    const response = await client
      .get(`/api/v1/team/${beta.company.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(200)
    assert.equal(response.body().member.companyId, beta.company.id)
    assert.equal(response.body().member.user.id, beta.owner.id)
    assert.isNull(response.body().contract)
    assert.lengthOf(response.body().contractsHistory, 1)
    assert.deepEqual(response.body().sessions, [])
  })

  test('E5 PUT returns the member and changes nothing', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const response = await client
      .put(`/api/v1/team/${ana.user.id}`)
      .json({ name: 'ignored' })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(200)
    assert.equal(response.body().data.contractPartId, ana.part.id)
    await ana.user.refresh()
    assert.notEqual(ana.user.name, 'ignored')
  })

  test("another company's member is 404, an unknown id 404, a bad id 404", async ({ client }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const stranger = await naturalProvider(other)
    for (const [id, status] of [
      [stranger.user.id, 404],
      ['7f0c2a4e-1111-4f50-8a6b-7c8d9e0f1a01', 404],
      ['nope', 404],
    ] as const) {
      for (const method of ['get', 'put'] as const) {
        const response = await client[method](`/api/v1/team/${id}`)
          .header('x-company-id', borrower.id)
          .loginAs(owner)
        response.assertStatus(status)
      }
    }
  })

  test('a provider gets 403', async ({ client }) => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const provider = await memberOf(borrower, 'provider')
    const response = await client
      .get(`/api/v1/team/${ana.user.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(provider)
    response.assertStatus(403)
  })
})
