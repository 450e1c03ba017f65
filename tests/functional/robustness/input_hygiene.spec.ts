import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import ComplianceFlow from '#models/compliance_flow'
import { as } from '#tests/support/http'
import { companyWithOwner } from '#tests/support/tenancy'
import { complianceWorld, createFlow, documentsStep } from '#tests/support/compliance'

/** Sends `text` as the JSON body as is (the client would stringify an object recursively) */
const rawJson = (request: ApiRequest, text: string) =>
  request.header('content-type', 'application/json').json(text as any)

const nested = (levels: number) => '{"a":'.repeat(levels) + 'true' + '}'.repeat(levels)

function assertRefused(response: ApiResponse, field: string, rule: string) {
  response.assertStatus(422)
  response.assertBodyContains({ errors: [{ field, rule }] })
}

test.group('Robustness / input hygiene', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a NUL, another control character or a lone surrogate in a body field is 422 naming it', async ({
    client,
  }) => {
    for (const email of ['a\u0000@b.test', 'a\ud800@b.test', 'a\udc00b@b.test', 'a\u0007@b.test']) {
      const login = await client.post('/api/v1/auth/login').json({ email, password: 'x12345678' })
      assertRefused(login, 'email', 'safeText')
      const register = await client
        .post('/api/v1/auth/register')
        .json({ name: 'Ana Souza', email, password: 'a-strong-pass' })
      assertRefused(register, 'email', 'safeText')
    }
  })

  test('a nested body field is named by its path (POST /team legalRepresentative.email)', async ({
    client,
  }) => {
    const { company, owner } = await companyWithOwner()
    const response = await as(client as ApiClient, owner, company)
      .post('/team')
      .json({
        document: '11.222.333/0001-81',
        name: 'Empresa X',
        legalRepresentative: { cpf: '529.982.247-25', name: 'Ana', email: 'a\u0000@b.test' },
      })
    assertRefused(response, 'legalRepresentative.email', 'safeText')
  })

  test('a NUL in the query string or the path is 422 naming it', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client as ApiClient, owner, company)
    assertRefused(await api.get('/team?search=a%00b'), 'search', 'safeText')
    assertRefused(await api.get('/contracts?search=a%00b'), 'search', 'safeText')
    /**
     * Routes take any path segment (ids are checked by the pathIds middleware
     * after the gates), so the hygiene layer sees a control character in a
     * path param first and names it; a path that is not UTF-8 is a 400
     */
    assertRefused(await api.get('/contracts/a%00b/detail'), 'params.id', 'safeText')
    assertRefused(await api.get('/contracts/a%07b/detail'), 'params.id', 'safeText')
    const notUtf8 = await api.get('/contracts/%ED%A0%80/detail')
    notUtf8.assertStatus(400)
    assert.isString(notUtf8.body().message)
  })

  test('text that is only unusual passes: emoji (surrogate pairs), tabs and new lines', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const response = await as(client as ApiClient, owner, company).get(
      `/team?search=${encodeURIComponent('Ana 🙂\tSouza\n')}`
    )
    response.assertStatus(200)
    assert.deepEqual(response.body().data, [])
  })

  test('a body nested 10,000 levels is 422 before anything recurses; 32 levels still parse', async ({
    client,
  }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client as ApiClient, owner, company)
    const deep = await rawJson(
      api.put('/notifications/preferences'),
      `{"channels":${nested(10_000)}}`
    )
    assertRefused(deep, 'body', 'maxDepth')
    const justTooDeep = await rawJson(api.put('/notifications/preferences'), nested(33))
    assertRefused(justTooDeep, 'body', 'maxDepth')
    /** At the cap the body reaches the validator, which names what it expects */
    const atCap = await rawJson(
      api.put('/notifications/preferences'),
      `{"channels":{"email":true},"x":${nested(30)}}`
    )
    atCap.assertStatus(200)
  })

  test('a JSON array or scalar where an object is expected is 422, and changes nothing', async ({
    client,
    assert,
  }) => {
    const world = await complianceWorld()
    const flow = await createFlow(client as ApiClient, world, {
      name: 'Fluxo mensal',
      steps: [documentsStep()],
    })
    const api = as(client as ApiClient, world.owner, world.borrower)
    for (const body of ['[]', '[{"name":"Outro"}]', '"Outro"', '42', 'null']) {
      const response = await rawJson(api.put(`/compliance-flows/${flow.id}`), body)
      assertRefused(response, 'body', 'object')
    }
    const stored = await ComplianceFlow.findOrFail(flow.id)
    assert.equal(stored.name, 'Fluxo mensal')
    assert.equal(stored.updatedAt.toMillis(), new Date(flow.updatedAt).getTime())
  })

  test('a number the JSON parser makes Infinity (1e400) is 422', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const response = await rawJson(
      as(client as ApiClient, owner, company).put('/notifications/preferences'),
      '{"channels":{"email":1e400}}'
    )
    assertRefused(response, 'channels.email', 'number')
  })

  test('strings in a JSON body are still trimmed, as the body parser did', async ({ client }) => {
    const response = await client
      .post('/api/v1/auth/register')
      .json({ name: '  Ana Souza  ', email: '  ana.trim@b.test ', password: 'a-strong-pass' })
    response.assertStatus(201)
    response.assertBodyContains({ data: { user: { name: 'Ana Souza', email: 'ana.trim@b.test' } } })
  })

  test('page, pageSize, perPage, year and month out of range are 422, never a query', async ({
    client,
  }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client as ApiClient, owner, company)
    const huge = '99999999999999999999'
    assertRefused(await api.get(`/team?page=${huge}`), 'page', 'range')
    assertRefused(await api.get(`/providers?page=${huge}`), 'page', 'range')
    assertRefused(await api.get(`/contracts?page=${huge}`), 'page', 'range')
    assertRefused(await api.get(`/notifications?page=${huge}`), 'page', 'range')
    assertRefused(await api.get('/notifications?perPage=51'), 'perPage', 'range')
    assertRefused(await api.get('/team?pageSize=0'), 'pageSize', 'range')
    assertRefused(await api.get(`/team/${randomUUID()}/compliances?year=99999`), 'year', 'range')
  })
})
