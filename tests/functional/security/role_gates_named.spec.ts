import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ContractReviewComment from '#models/contract_review_comment'
import { contractWorld, createContract } from '#tests/support/contracts'
import { memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/**
 * `user` reads, and acts only where it is named.
 * The generated test (role_gates.spec.ts) covers the role gate; these
 * cover what the gate lets `user` reach and /users/me.
 */
test.group('Security / role gates: `user` acts only where named', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/users/me lists for `user` its reads and named actions, no write', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const response = await client
      .get('/api/v1/users/me')
      .header('x-company-id', world.company.id)
      .loginAs(world.reviewer)
    response.assertStatus(200)
    assert.sameMembers(response.body().data.permissions, [
      'contracts.view',
      'contracts.review',
      'contracts.sign',
      'team.view',
      'compliance_flows.view',
      'compliance.review',
      'hours.view',
      'company.members.view',
    ])
  })

  test('H13: a `user` who is not a reviewer of the contract may not comment (403)', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await createContract(client, world)
    const owner = as(client, world.owner, world.company)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'IN_REVIEW' })).assertStatus(200)
    /** Without part groups the one generated contract is the contract itself */
    const url = `/contracts/${id}/review/${id}/comment`

    const bystander = as(client, await memberOf(world.company, 'user'), world.company)
    const refused = await bystander.post(url).json({ content: 'Not my review' })
    refused.assertStatus(403)
    assert.equal(refused.body().code, 'E_AUTHORIZATION_FAILURE')
    ;(await bystander.post(`/contracts/${id}/review/${id}/approve`).json({})).assertStatus(403)
    assert.lengthOf(await ContractReviewComment.all(), 0)

    /** The named reviewer comments, and so does the contract's manager (the author answers) */
    const reviewer = as(client, world.reviewer, world.company)
    ;(await reviewer.post(url).json({ content: 'Revisar' })).assertStatus(201)
    ;(await owner.post(url).json({ content: 'Ajustado' })).assertStatus(201)
    assert.lengthOf(await ContractReviewComment.all(), 2)
  })
})
