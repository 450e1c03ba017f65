import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Workflow from '#models/workflow'
import ContractTemplate from '#models/contract_template'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

test.group('Contracts / workflows and templates', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('workflow CRUD, paginated, soft delete', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client, owner, company)
    const created = await api.post('/workflows').json({
      name: 'Prestadores',
      companyRole: 'borrower',
      deadlineDays: 5,
      steps: [
        { key: 'parts', name: 'Partes' },
        { key: 'signature', name: 'Assinatura' },
      ],
    })
    created.assertStatus(201)
    const id = created.body().data.id
    ;(
      await api.put(`/workflows/${id}`).json({ name: 'Fornecedores', companyRole: 'provider' })
    ).assertStatus(200)
    const shown = await api.get(`/workflows/${id}`)
    assert.deepInclude(shown.body().data, {
      name: 'Fornecedores',
      companyRole: 'provider',
      steps: [],
    })
    const list = await api.get('/workflows?perPage=1')
    assert.deepEqual(list.body().meta, { total: 1, page: 1, perPage: 1, totalPages: 1 })
    ;(await api.delete(`/workflows/${id}`)).assertStatus(204)
    ;(await api.get(`/workflows/${id}`)).assertStatus(404)
    assert.isNotNull((await Workflow.findOrFail(id)).deletedAt)
  })

  test('bad workflows get 422', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client, owner, company)
    for (const body of [
      { name: 'x', companyRole: 'BORROWER' },
      { name: 'x', companyRole: 'witness' },
      { name: '', companyRole: 'borrower' },
      { name: 'x', companyRole: 'borrower', deadlineDays: 0 },
      { name: 'x', companyRole: 'borrower', steps: [{ key: 'nope', name: 'x' }] },
      {
        name: 'x',
        companyRole: 'borrower',
        steps: [
          { key: 'parts', name: 'a' },
          { key: 'parts', name: 'b' },
        ],
      },
    ]) {
      ;(await api.post('/workflows').json(body)).assertStatus(422)
    }
  })

  test('templates: placeholders must be declared; CRUD', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client, owner, company)
    const refused = await api.post('/templates').json({
      name: 'T',
      html: '<p>{{name}} {{missing}}</p>',
      variables: [{ name: 'name' }],
    })
    refused.assertStatus(422)
    assert.include(refused.body().message, 'missing')
    const created = await api.post('/templates').json({
      name: 'T',
      html: '<p>{{ name }}</p>',
      variables: [{ name: 'name', source: 'provider', required: true }],
    })
    created.assertStatus(201)
    const id = created.body().data.id
    assert.deepEqual(created.body().data.variables, [
      { name: 'name', label: null, type: 'text', source: 'provider', required: true },
    ])
    ;(await api.put(`/templates/${id}`).json({ name: 'T2', html: '<p>fixo</p>' })).assertStatus(200)
    ;(await api.get('/templates')).assertStatus(200)
    ;(await api.delete(`/templates/${id}`)).assertStatus(204)
    assert.isNotNull((await ContractTemplate.findOrFail(id)).deletedAt)
  })

  test('another company 404, provider 403, no token 401', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const other = await companyWithOwner()
    const provider = await memberOf(company, 'provider')
    const workflow = await as(client, owner, company)
      .post('/workflows')
      .json({ name: 'W', companyRole: 'borrower' })
    const template = await as(client, owner, company)
      .post('/templates')
      .json({ name: 'T', html: '<p>x</p>' })
    const foreign = as(client, other.owner, other.company)
    ;(await foreign.get(`/workflows/${workflow.body().data.id}`)).assertStatus(404)
    ;(await foreign.delete(`/templates/${template.body().data.id}`)).assertStatus(404)
    ;(await as(client, provider, company).get('/workflows')).assertStatus(403)
    ;(
      await as(client, provider, company).post('/templates').json({ name: 'T', html: 'x' })
    ).assertStatus(403)
    ;(await client.get('/api/v1/templates')).assertStatus(401)
    ;(await as(client, owner, company).get('/workflows/not-a-uuid')).assertStatus(404)
  })
})
