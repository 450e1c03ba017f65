import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import WorkEntry from '#models/work_entry'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { entryOn, legalProvider, naturalProvider } from '#tests/support/hours'

test.group('Team / E3 activation and E6 removal', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('E3 toggles only the link isActive', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    const response = await client
      .patch(`/api/v1/team/${ana.part.id}/active`)
      .json({ isActive: false })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(200)
    assert.isFalse(response.body().data.isActive)
    await ana.part.refresh()
    assert.isFalse(ana.part.isActive)
    await ana.contract.refresh()
    assert.equal(ana.contract.status, 'active')

    const back = await client
      .patch(`/api/v1/team/${ana.part.id}/active`)
      .json({ isActive: true })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    assert.isTrue(back.body().data.isActive)
  })

  test('E3 without isActive or with a string gets 422 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    for (const body of [{}, { isActive: 'false' }, { isActive: 'true' }, { isActive: 1 }]) {
      const response = await client
        .patch(`/api/v1/team/${ana.part.id}/active`)
        .json(body)
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      response.assertStatus(422)
    }
    await ana.part.refresh()
    assert.isTrue(ana.part.isActive)
  })

  test("E3 on another company's link is 404; a provider gets 403", async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const stranger = await naturalProvider(other)
    const response = await client
      .patch(`/api/v1/team/${stranger.part.id}/active`)
      .json({ isActive: false })
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(404)
    await stranger.part.refresh()
    assert.isTrue(stranger.part.isActive)

    const provider = await memberOf(borrower, 'provider')
    const forbidden = await client
      .patch(`/api/v1/team/${stranger.part.id}/active`)
      .json({ isActive: false })
      .header('x-company-id', borrower.id)
      .loginAs(provider)
    forbidden.assertStatus(403)
  })

  test('E6 deletes the links and the provider membership; hours stay', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const beta = await legalProvider(borrower)
    const entry = await entryOn(beta.part, beta.owner, '2026-03-02', [60])

    const response = await client
      .delete(`/api/v1/team/${beta.company.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(204)
    assert.isNull(await ContractPart.find(beta.part.id))
    const membership = await CompanyMember.query()
      .where({ company_id: borrower.id, user_id: beta.owner.id })
      .first()
    assert.isNull(membership)
    const kept = await WorkEntry.findOrFail(entry.id)
    assert.isNull(kept.contractPartId)

    const again = await client
      .delete(`/api/v1/team/${beta.company.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    again.assertStatus(404)
  })

  test("E6 on another company's member is 404 and a provider gets 403", async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const { company: other } = await companyWithOwner()
    const stranger = await naturalProvider(other)
    const response = await client
      .delete(`/api/v1/team/${stranger.user.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(404)
    assert.isNotNull(await ContractPart.find(stranger.part.id))

    const provider = await memberOf(borrower, 'provider')
    const forbidden = await client
      .delete(`/api/v1/team/${stranger.user.id}`)
      .header('x-company-id', borrower.id)
      .loginAs(provider)
    forbidden.assertStatus(403)
  })
})
