import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { attachedWorld, ONE_DOCUMENT, documentsStep } from '#tests/support/compliance'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

test.group('Compliance / borrower-side GET /compliances', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const world = (client: Parameters<typeof attachedWorld>[0]) =>
    attachedWorld(client, [documentsStep(ONE_DOCUMENT)], 'Fiscal mensal')

  test('every provider of the company, summarised, with names from the company or the person', async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    const response = await as(client, w.owner, w.borrower).get('/compliances')
    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.deepEqual(meta, { total: 2, page: 1, pageSize: 20, totalPages: 1 })
    assert.sameDeepMembers(
      data.map((row: Record<string, unknown>) => ({
        id: row.id,
        providerId: row.providerId,
        providerName: row.providerName,
        complianceFlowName: row.complianceFlowName,
      })),
      [
        {
          id: w.companyCompliance.id,
          providerId: w.providerCompany.id,
          providerName: w.providerCompany.name,
          complianceFlowName: 'Fiscal mensal',
        },
        {
          id: w.personCompliance.id,
          providerId: w.person.id,
          providerName: w.person.name,
          complianceFlowName: 'Fiscal mensal',
        },
      ]
    )
    for (const row of data) {
      assert.equal(row.complianceFlowId, w.flow.id)
      assert.equal(row.status, 'pending')
      assert.equal(row.month, w.companyCompliance.month)
      assert.equal(row.year, w.companyCompliance.year)
      assert.notProperty(row, 'steps')
    }
  })

  test('filters: search by provider or flow name, status, month; pages with meta', async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    const api = as(client, w.owner, w.borrower)
    const byPerson = await api.get(`/compliances?search=${encodeURIComponent(w.person.name)}`)
    assert.deepEqual(
      byPerson.body().data.map((row: { id: string }) => row.id),
      [w.personCompliance.id]
    )
    const byFlow = await api.get('/compliances?search=fiscal')
    assert.equal(byFlow.body().meta.total, 2)
    const literal = await api.get('/compliances?search=%25')
    assert.equal(literal.body().meta.total, 0)
    const approved = await api.get('/compliances?status=approved')
    assert.equal(approved.body().meta.total, 0)
    const otherMonth = (w.companyCompliance.month % 12) + 1
    assert.equal((await api.get(`/compliances?month=${otherMonth}`)).body().meta.total, 0)

    const first = await api.get('/compliances?pageSize=1')
    const second = await api.get('/compliances?pageSize=1&page=2')
    assert.deepEqual(first.body().meta, { total: 2, page: 1, pageSize: 1, totalPages: 2 })
    assert.lengthOf(first.body().data, 1)
    assert.notEqual(first.body().data[0].id, second.body().data[0].id)
  })

  test('GET /compliances/:id shows the compliance with its steps', async ({ client, assert }) => {
    const w = await world(client)
    const response = await as(client, w.validator, w.borrower).get(
      `/compliances/${w.companyCompliance.id}`
    )
    response.assertStatus(200)
    const { data } = response.body()
    assert.equal(data.id, w.companyCompliance.id)
    assert.equal(data.providerId, w.providerCompany.id)
    assert.lengthOf(data.steps, 1)
  })

  test("another company's compliance is 404 and invisible in its list", async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    const other = await companyWithOwner()
    const api = as(client, other.owner, other.company)
    ;(await api.get(`/compliances/${w.companyCompliance.id}`)).assertStatus(404)
    const list = await api.get('/compliances')
    list.assertStatus(200)
    assert.equal(list.body().meta.total, 0)
    ;(await api.get('/compliances/not-a-uuid')).assertStatus(404)
  })

  test('a provider gets 403; bad filters get 422', async ({ client }) => {
    const w = await world(client)
    ;(await as(client, w.person, w.borrower).get('/compliances')).assertStatus(403)
    const provider = await memberOf(w.borrower, 'provider')
    ;(
      await as(client, provider, w.borrower).get(`/compliances/${w.companyCompliance.id}`)
    ).assertStatus(403)
    const api = as(client, w.owner, w.borrower)
    for (const query of [
      'month=13',
      'month=0',
      'year=1999',
      'status=late',
      'page=0',
      'pageSize=101',
      'page=99999999999999999999',
      `search=${'x'.repeat(256)}`,
    ]) {
      ;(await api.get(`/compliances?${query}`)).assertStatus(422)
    }
  })
})
