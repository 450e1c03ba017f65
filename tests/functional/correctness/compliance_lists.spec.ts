import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ComplianceFlow from '#models/compliance_flow'
import { as } from '#tests/support/http'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import {
  activeContract,
  complianceWorld,
  createFlow,
  documentsStep,
} from '#tests/support/compliance'

/**
 * D1 pages and embeds a slice of each flow's providers;
 * the body says so (meta, attachedProvidersTruncated beside the exact
 * providersCount) and every provider is reachable, page by page.
 */
test.group('Correctness / compliance lists say when they are cut (D1)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('D1 meta pages the flows; a flow of 22 providers embeds 20, flags it and pages them all', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const { borrower, owner } = world
    const people = []
    for (let index = 0; index < 20; index++) {
      const person = await memberOf(borrower, 'provider')
      await activeContract(borrower, { userId: person.id }, `Contrato ${index}`)
      people.push(person)
    }
    const big = await createFlow(client, world, { name: 'Grande', steps: [documentsStep()] })
    const small = await createFlow(client, world, { name: 'Pequeno', steps: [documentsStep()] })
    const api = as(client, owner, borrower)
    const providerIds = [world.providerCompany.id, world.person.id, ...people.map(({ id }) => id)]
    ;(await api.post(`/compliance-flows/${big.id}/providers`).json({ providerIds })).assertStatus(
      200
    )
    ;(
      await api.post(`/compliance-flows/${small.id}/providers`).json({
        providerIds: [world.person.id],
      })
    ).assertStatus(200)

    /** The flows, one per page: the first page says there is a second */
    const first = await api.get('/compliance-flows?perPage=1')
    first.assertStatus(200)
    assert.equal(first.body().total, 2)
    assert.deepEqual(first.body().meta, { total: 2, page: 1, perPage: 1, totalPages: 2 })
    assert.deepEqual(
      first.body().data.map((flow: any) => flow.name),
      ['Pequeno']
    )
    const second = await api.get('/compliance-flows?perPage=1&page=2')
    assert.deepEqual(
      second.body().data.map((flow: any) => flow.name),
      ['Grande']
    )
    const past = await api.get('/compliance-flows?perPage=1&page=5')
    past.assertStatus(200)
    assert.deepEqual(past.body().data, [])
    assert.equal(past.body().total, 2)
    assert.deepEqual(past.body().meta, { total: 2, page: 5, perPage: 1, totalPages: 2 })

    /** The embedded slice and the exact count */
    const list = await api.get('/compliance-flows')
    const byName = new Map(list.body().data.map((flow: any) => [flow.name, flow]))
    const listedBig: any = byName.get('Grande')
    const listedSmall: any = byName.get('Pequeno')
    assert.lengthOf(listedBig.attachedProviders, 20)
    assert.equal(listedBig.providersCount, 22)
    assert.isTrue(listedBig.attachedProvidersTruncated)
    assert.lengthOf(listedSmall.attachedProviders, 1)
    assert.equal(listedSmall.providersCount, 1)
    assert.isFalse(listedSmall.attachedProvidersTruncated)

    /** Every provider, page by page, in D2's order; D1's slice is the first 20 */
    const shown = await api.get(`/compliance-flows/${big.id}`)
    assert.lengthOf(shown.body().data.attachedProviders, 22)
    assert.isFalse(shown.body().data.attachedProvidersTruncated)
    const paged: any[] = []
    for (const page of [1, 2, 3]) {
      const response = await api.get(
        `/compliance-flows/${big.id}/providers?perPage=10&page=${page}`
      )
      response.assertStatus(200)
      assert.deepEqual(response.body().meta, { total: 22, page, perPage: 10, totalPages: 3 })
      paged.push(...response.body().data)
    }
    assert.deepEqual(paged, shown.body().data.attachedProviders)
    assert.sameMembers(
      paged.map((provider) => provider.providerId),
      providerIds
    )
    assert.deepEqual(listedBig.attachedProviders, paged.slice(0, 20))
    const defaults = await api.get(`/compliance-flows/${big.id}/providers`)
    assert.lengthOf(defaults.body().data, 20)
    assert.deepEqual(defaults.body().meta, { total: 22, page: 1, perPage: 20, totalPages: 2 })

    /** Detach, attach again, attach twice: the count follows, and so do the pages */
    ;(await api.delete(`/compliance-flows/${big.id}/providers/${people[0].id}`)).assertStatus(204)
    const afterDetach = await api.get(`/compliance-flows/${big.id}/providers?perPage=50`)
    assert.equal(afterDetach.body().meta.total, 21)
    assert.notInclude(
      afterDetach.body().data.map((provider: any) => provider.providerId),
      people[0].id
    )
    assert.equal((await ComplianceFlow.findOrFail(big.id)).providersCount, 21)
    ;(
      await api.post(`/compliance-flows/${big.id}/providers`).json({
        providerIds: [people[0].id, people[1].id],
      })
    ).assertStatus(200)
    assert.equal((await ComplianceFlow.findOrFail(big.id)).providersCount, 22)
  })

  test('GET /compliance-flows/:id/providers: 404 for another company, 403 for a provider, 422 for a bad page', async ({
    client,
  }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client, world, { name: 'Fluxo', steps: [documentsStep()] })
    const { company: other, owner: stranger } = await companyWithOwner()
    const url = `/compliance-flows/${flow.id}/providers`
    ;(await as(client, stranger, other).get(url)).assertStatus(404)
    ;(await as(client, world.person, world.borrower).get(url)).assertStatus(403)
    ;(await as(client, world.owner, world.borrower).get(`${url}?perPage=101`)).assertStatus(422)
    ;(await as(client, world.owner, world.borrower).get(`${url}?page=0`)).assertStatus(422)
    const empty = await as(client, world.owner, world.borrower).get(url)
    empty.assertStatus(200)
    empty.assertBody({ data: [], meta: { total: 0, page: 1, perPage: 20, totalPages: 1 } })
  })
})
