import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ContractHistory from '#models/contract_history'
import ContractReviewComment from '#models/contract_review_comment'
import { contractWorld, createContract, type ContractWorld } from '#tests/support/contracts'
import { memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

const GROUP_A = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'
const GROUP_B = '2c9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'

async function inReview(client: any, world: ContractWorld) {
  const id = await createContract(client, world, {
    partGroups: [
      { id: GROUP_A, name: 'Beta', partIds: [world.provider.company.id] },
      { id: GROUP_B, name: 'Pessoa', partIds: [world.person.id] },
    ],
    variableValues: [
      { name: 'contractName', value: 'Global' },
      { name: 'contractName', value: '<script>x</script>', groupId: GROUP_B },
    ],
  })
  ;(
    await as(client, world.owner, world.company).patch(`/contracts/${id}/status`).json({
      status: 'IN_REVIEW',
    })
  ).assertStatus(200)
  return id
}

test.group('Contracts / review (H12-H15 and decisions)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('H12 generates one contract per part group with escaped variables', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await inReview(client, world)
    const response = await as(client, world.owner, world.company).get(`/contracts/${id}/review`)
    response.assertStatus(200)
    const { contracts, reviewers, allApproved } = response.body().data
    assert.lengthOf(contracts, 2)
    const [a, b] = contracts
    assert.equal(a.id, GROUP_A)
    assert.equal(a.partName, world.provider.company.name)
    assert.include(a.htmlContent, 'Contrato Global')
    assert.include(b.htmlContent, '&lt;script&gt;x&lt;/script&gt;')
    assert.notInclude(b.htmlContent, '<script>')
    assert.deepInclude(a, { status: 'pending', totalRequired: 1, approvedCount: 0 })
    assert.equal(reviewers[0].userId, world.reviewer.id)
    assert.isFalse(allApproved)
  })

  test('reviewers approve every contract: allApproved; reject and request changes', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await inReview(client, world)
    const reviewer = as(client, world.reviewer, world.company)
    ;(await reviewer.post(`/contracts/${id}/review/${GROUP_A}/reject`).json({})).assertStatus(422)
    ;(
      await reviewer.post(`/contracts/${id}/review/${GROUP_A}/reject`).json({ comment: 'Não' })
    ).assertStatus(200)
    ;(
      await reviewer
        .post(`/contracts/${id}/review/${GROUP_B}/request-changes`)
        .json({ comment: 'Ajuste' })
    ).assertStatus(200)
    let overview = (await reviewer.get(`/contracts/${id}/review`)).body().data
    assert.deepEqual(
      overview.contracts.map((c: any) => c.status),
      ['rejected', 'changes_requested']
    )
    assert.equal(overview.reviewers[0].rejectedCount, 2)

    for (const item of [GROUP_A, GROUP_B]) {
      const approved = await reviewer.post(`/contracts/${id}/review/${item}/approve`).json({})
      approved.assertStatus(200)
      assert.equal(approved.body().data.decision, 'approved')
    }
    overview = (await reviewer.get(`/contracts/${id}/review`)).body().data
    assert.isTrue(overview.allApproved)
    assert.deepEqual(overview.contracts[0].approvals[0].status, 'approved')
    const history = await ContractHistory.query()
      .where('contract_id', id)
      .where('type', 'like', 'REVIEW_%')
    assert.lengthOf(history, 4)

    /** Not a reviewer: 403; unknown item: 404 */
    const notReviewer = await as(client, world.owner, world.company)
      .post(`/contracts/${id}/review/${GROUP_A}/approve`)
      .json({})
    notReviewer.assertStatus(403)
    notReviewer.assertBody({ message: 'Você não é revisor deste contrato', code: 'E_FORBIDDEN' })
    ;(await reviewer.post(`/contracts/${id}/review/${id}/approve`).json({})).assertStatus(404)
  })

  test('decisions outside in_review are 409; reminders reach pending reviewers', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await inReview(client, world)
    const owner = as(client, world.owner, world.company)
    const reminded = await owner.post(`/contracts/${id}/review/reminders`)
    reminded.assertStatus(200)
    assert.equal(reminded.body().data.reminded, 1)
    ;(await owner.patch(`/contracts/${id}/status`).json({ status: 'DRAFT' })).assertStatus(200)
    ;(
      await as(client, world.reviewer, world.company)
        .post(`/contracts/${id}/review/${GROUP_A}/approve`)
        .json({})
    ).assertStatus(409)
    ;(await owner.post(`/contracts/${id}/review/reminders`)).assertStatus(409)
  })

  test('H13-H15 comments with selection offsets; only the author edits', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const id = await inReview(client, world)
    const reviewer = as(client, world.reviewer, world.company)
    const created = await reviewer.post(`/contracts/${id}/review/${GROUP_A}/comment`).json({
      content: 'Revisar cláusula',
      selectedText: 'Contrato',
      startOffset: 4,
      endOffset: 12,
      pageNumber: 1,
    })
    created.assertStatus(201)
    const comment = created.body().data
    assert.deepInclude(comment, {
      reviewerId: world.reviewer.id,
      reviewerName: world.reviewer.name,
      startOffset: 4,
      endOffset: 12,
    })
    ;(
      await reviewer.post(`/contracts/${id}/review/${GROUP_A}/comment`).json({ content: '' })
    ).assertStatus(422)
    ;(
      await reviewer
        .post(`/contracts/${id}/review/${GROUP_A}/comment`)
        .json({ content: 'x', startOffset: 9, endOffset: 2 })
    ).assertStatus(422)
    ;(
      await reviewer
        .post(`/contracts/${id}/review/${GROUP_A}/comment`)
        .json({ content: 'x', startOffset: 9 })
    ).assertStatus(422)

    const updated = await reviewer
      .patch(`/contracts/${id}/review/${GROUP_A}/comments/${comment.id}`)
      .json({ content: 'Editado' })
    updated.assertStatus(200)
    assert.equal(updated.body().data.content, 'Editado')
    ;(
      await as(client, world.owner, world.company)
        .patch(`/contracts/${id}/review/${GROUP_A}/comments/${comment.id}`)
        .json({ content: 'Hack' })
    ).assertStatus(403)
    ;(
      await reviewer
        .patch(`/contracts/${id}/review/${GROUP_B}/comments/${comment.id}`)
        .json({ content: 'x' })
    ).assertStatus(404)

    const list = await reviewer.get(`/contracts/${id}/review/${GROUP_A}/comments`)
    list.assertStatus(200)
    assert.lengthOf(list.body().data, 1)
    const overview = (await reviewer.get(`/contracts/${id}/review`)).body().data
    assert.equal(overview.contracts[0].commentsCount, 1)
    assert.equal((await ContractReviewComment.findOrFail(comment.id)).content, 'Editado')
  })

  test('H13: a `user` not named as reviewer may not comment; whoever manages contracts may', async ({
    client,
  }) => {
    const world = await contractWorld()
    const id = await inReview(client, world)
    const bystander = await memberOf(world.company, 'user')
    const comment = { content: 'Revisar cláusula' }
    ;(
      await as(client, bystander, world.company)
        .post(`/contracts/${id}/review/${GROUP_A}/comment`)
        .json(comment)
    ).assertStatus(403)
    ;(
      await as(client, world.reviewer, world.company)
        .post(`/contracts/${id}/review/${GROUP_A}/comment`)
        .json(comment)
    ).assertStatus(201)
    ;(
      await as(client, world.owner, world.company)
        .post(`/contracts/${id}/review/${GROUP_A}/comment`)
        .json(comment)
    ).assertStatus(201)
  })

  test('review routes: another company 404, provider 403, no token 401', async ({ client }) => {
    const world = await contractWorld()
    const id = await inReview(client, world)
    const other = await contractWorld()
    const foreign = as(client, other.owner, other.company)
    const comment = await as(client, world.reviewer, world.company)
      .post(`/contracts/${id}/review/${GROUP_A}/comment`)
      .json({ content: 'Oi' })
    const commentId = comment.body().data.id
    ;(await foreign.get(`/contracts/${id}/review`)).assertStatus(404)
    ;(await foreign.get(`/contracts/${id}/review/${GROUP_A}/comments`)).assertStatus(404)
    ;(
      await foreign.post(`/contracts/${id}/review/${GROUP_A}/comment`).json({ content: 'x' })
    ).assertStatus(404)
    ;(
      await foreign
        .patch(`/contracts/${id}/review/${GROUP_A}/comments/${commentId}`)
        .json({ content: 'x' })
    ).assertStatus(404)
    const otherId = await createContract(client, other)
    ;(
      await as(client, world.owner, world.company)
        .patch(`/contracts/${otherId}/review/${otherId}/comments/${commentId}`)
        .json({ content: 'x' })
    ).assertStatus(404)
    const provider = await memberOf(world.company, 'provider')
    ;(await as(client, provider, world.company).get(`/contracts/${id}/review`)).assertStatus(403)
    ;(await client.get(`/api/v1/contracts/${id}/review`)).assertStatus(401)
  })
})
