import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type Company from '#models/company'
import type User from '#models/user'
import { openApiDocument } from '#services/platform/openapi_document'
import { companyWithOwner } from '#tests/support/tenancy'
import { naturalProvider } from '#tests/support/hours'
import { createFlow, documentsStep } from '#tests/support/compliance'
import { as } from '#tests/support/http'

/**
 * One paging rule for every list (docs/decisions.md, Lists): `totalPages`
 * is `max(ceil(total / size), 1)` (an empty list has one empty page), and
 * a page past the end is 200 with no rows, the asked page echoed and the
 * same totals. The lists are every GET of the OpenAPI document whose 200
 * body carries `totalPages`, so a new list is walked here as soon as it is
 * documented (and fails until it has a row below saying how to call it).
 */

type Json = Record<string, any>

/** A list in a tenant where it is empty: the URL and who calls it */
type EmptyList = (client: ApiClient) => Promise<{ url: string; user: User; company: Company }>

const ownerOfNewCompany =
  (url: string): EmptyList =>
  async () => {
    const { company, owner } = await companyWithOwner()
    return { url, user: owner, company }
  }

const HOW: Record<string, EmptyList> = {
  '/company/members': async () => {
    /** The owner is a member, so an empty list is a filter nobody matches */
    const { company, owner } = await companyWithOwner()
    return { url: '/company/members?role=provider', user: owner, company }
  },
  '/compliance-flows': ownerOfNewCompany('/compliance-flows'),
  '/compliance-flows/{id}/providers': async (client) => {
    const { company: borrower, owner } = await companyWithOwner()
    const flow = await createFlow(
      client,
      { borrower, owner },
      {
        name: 'Sem prestadores',
        steps: [documentsStep()],
      }
    )
    return { url: `/compliance-flows/${flow.id}/providers`, user: owner, company: borrower }
  },
  '/contracts': ownerOfNewCompany('/contracts'),
  '/workflows': ownerOfNewCompany('/workflows'),
  '/templates': ownerOfNewCompany('/templates'),
  '/monitoring/retroactive-requests': ownerOfNewCompany('/monitoring/retroactive-requests'),
  '/monitoring/{id}/entries': async () => {
    const { company: borrower, owner } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    return { url: `/monitoring/${ana.user.id}/entries`, user: owner, company: borrower }
  },
  '/notifications': ownerOfNewCompany('/notifications'),
  '/hours': async () => {
    const { company: borrower } = await companyWithOwner()
    const ana = await naturalProvider(borrower)
    return { url: '/hours', user: ana.user, company: borrower }
  },
  '/providers': ownerOfNewCompany('/providers'),
  '/team': ownerOfNewCompany('/team'),
  '/clients': ownerOfNewCompany('/clients'),
  '/compliances': ownerOfNewCompany('/compliances'),
  '/webhooks': ownerOfNewCompany('/webhooks'),
  '/api-keys': ownerOfNewCompany('/api-keys'),
  '/webhooks/{id}/deliveries': async (client) => {
    const { company, owner } = await companyWithOwner()
    const endpoint = await as(client, owner, company)
      .post('/webhooks')
      .json({ url: 'https://hooks.example.com/in', events: ['contract.created'] })
    endpoint.assertStatus(201)
    return { url: `/webhooks/${endpoint.body().data.id}/deliveries`, user: owner, company }
  },
}

/** True when the schema (through its $refs) has a `totalPages` property */
function pages(document: Json, schema: unknown, seen = new Set<string>()): boolean {
  if (!schema || typeof schema !== 'object') return false
  const node = schema as Json
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return false
    seen.add(node.$ref)
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce((at: Json | undefined, key: string) => at?.[key], document)
    return pages(document, target, seen)
  }
  if (node.properties?.totalPages) return true
  return Object.values(node).some((child) => pages(document, child, seen))
}

async function paginatedLists() {
  const document = await openApiDocument()
  return Object.entries<Json>(document.paths)
    .filter(([, item]) =>
      pages(document, item.get?.responses?.['200']?.content?.['application/json']?.schema)
    )
    .map(([path]) => path)
}

/** The meta of either envelope: `{data, meta}` or I1's `{data: {data, ...meta}}` */
const metaOf = (body: Json) => (body.meta ?? body.data) as Json
const rowsOf = (body: Json) => (Array.isArray(body.data) ? body.data : body.data.data) as unknown[]
const sizeOf = (meta: Json) => meta.perPage ?? meta.pageSize

test.group('Lists / an empty list and a page past the end', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every paginated list of the OpenAPI document is walked here', async ({ assert }) => {
    const lists = await paginatedLists()
    assert.isAbove(lists.length, 10)
    assert.sameMembers(lists, Object.keys(HOW))
  })

  test('{$self}: empty, totalPages 1; a page past the end, no rows and the same totals')
    .with(Object.keys(HOW))
    .run(async ({ client, assert }, path) => {
      const { url, user, company } = await HOW[path](client)
      const separator = url.includes('?') ? '&' : '?'
      for (const page of [1, 2, 7]) {
        const response = await as(client, user, company).get(`${url}${separator}page=${page}`)
        response.assertStatus(200)
        const meta = metaOf(response.body())
        assert.deepEqual(rowsOf(response.body()), [], `page ${page}`)
        assert.deepInclude(meta, { total: 0, page, totalPages: 1 }, `page ${page}`)
        assert.isAbove(sizeOf(meta), 0)
      }
    })
})
