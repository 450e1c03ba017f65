import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import type { DateTime } from 'luxon'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type Company from '#models/company'
import { MEMBER_ROLES, type MemberRole } from '#enums/roles'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

type Body = Record<string, unknown>
type Refs = Record<string, string>
interface Stored {
  id: string
  updatedAt: DateTime
  deletedAt?: DateTime | null
}

export interface ResourceSuite {
  /** the path under /api/v1: `/cost-centers` */
  url: string
  model: LucidModel
  factory: {
    merge(values: Body): {
      create(): Promise<LucidRow>
      createMany(count: number): Promise<unknown>
    }
  }
  /** the roles that pass each gate (--read-roles, --write-roles) */
  readers: MemberRole[]
  writers: MemberRole[]
  /** a valid body without the parents' ids; `n` varies the values that must be unique */
  body: (n: number) => Body
  /** a value of each field that is refused (422) */
  bad: Body
  /** the fields a body may leave out (the others, parents' ids included, are required) */
  optional?: string[]
  /** the fields the answer does not echo as sent (datetimes come back in the API's form) */
  notEchoed?: string[]
  /** the field unique in the company, the field `search` looks in */
  unique?: string
  search?: string
  /** one parent of each referenced table, in the company: the body's ids */
  parentsOf?: (company: Company) => Promise<Refs>
  /** parents whose DELETE answers 409 while a record points to them: body field -> parent url */
  restrictingParents?: Record<string, string>
  global?: boolean
  softDelete?: boolean
}

/**
 * The standard tests of a make:resource CRUD resource: round trip, search,
 * pagination, 422 that writes nothing, uniqueness, the role matrix, another
 * company's record and 401/404. The resource's spec calls it in its test
 * group with the resource's specifics, and adds the resource's own tests.
 */
export function resourceSuite(spec: ResourceSuite) {
  const URL = spec.url
  const parentsOf = spec.parentsOf ?? (async (): Promise<Refs> => ({}))
  const stored = async (id: string) => (await spec.model.find(id)) as Stored | null
  const valid = (refs: Refs, n = 1) => ({ ...spec.body(n), ...refs })
  const echoed = (n: number) =>
    Object.fromEntries(
      Object.entries(spec.body(n)).filter(([key]) => !spec.notEchoed?.includes(key))
    )
  const ownedBy = (company: Company) => (spec.global ? {} : { companyId: company.id })

  test('create, show, replace, list and delete', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client, owner, company)
    const refs = await parentsOf(company)

    const created = await api.post(URL).json(valid(refs))
    created.assertStatus(201)
    const id = created.body().data.id
    assert.deepInclude(created.body().data, echoed(1))
    const replaced = await api.put(`${URL}/${id}`).json(valid(refs, 2))
    replaced.assertStatus(200)
    assert.deepInclude((await api.get(`${URL}/${id}`)).body().data, echoed(2))
    const list = await api.get(URL)
    assert.deepEqual(
      list.body().data.map((row: { id: string }) => row.id),
      [id]
    )
    if (spec.search) {
      const term = String(spec.body(2)[spec.search])
      const found = await api.get(`${URL}?search=${encodeURIComponent(term)}`)
      assert.deepEqual(
        found.body().data.map((row: { id: string }) => row.id),
        [id]
      )
      assert.deepEqual((await api.get(`${URL}?search=%25`)).body().data, [])
    }

    ;(await api.delete(`${URL}/${id}`)).assertStatus(204)
    ;(await api.get(`${URL}/${id}`)).assertStatus(404)
    if (spec.softDelete) assert.isNotNull((await stored(id))!.deletedAt)
    else assert.isNull(await stored(id))
  })

  test('the list is paginated, newest change first', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const refs = await parentsOf(company)
    await spec.factory.merge({ ...ownedBy(company), ...refs }).createMany(3)
    const api = as(client, owner, company)

    const first = await api.get(`${URL}?perPage=2`)
    first.assertStatus(200)
    assert.lengthOf(first.body().data, 2)
    assert.deepEqual(first.body().meta, { total: 3, page: 1, perPage: 2, totalPages: 2 })
    const second = await api.get(`${URL}?perPage=2&page=2`)
    assert.lengthOf(second.body().data, 1)
    ;(await api.get(`${URL}?perPage=0`)).assertStatus(422)
  })

  test('bad input gets 422 and writes nothing', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const api = as(client, owner, company)
    const refs = await parentsOf(company)
    const required = Object.keys(valid(refs)).filter((key) => !spec.optional?.includes(key))
    const bad: Body[] = [
      ...(required.length ? [{}] : []),
      ...Object.entries(spec.bad).map(([key, value]) => ({ ...valid(refs), [key]: value })),
      ...required.map((key) => ({ ...valid(refs), [key]: undefined })),
    ]
    for (const body of bad) {
      const response = await api.post(URL).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    const rows = spec.global
      ? spec.model.query()
      : spec.model.query().where('company_id', company.id)
    assert.lengthOf(await rows, 0)
  })

  if (spec.unique) {
    const unique = spec.unique
    test(`${unique} is unique${spec.global ? '' : ' in the company'}: 422 on a duplicate`, async ({
      client,
      assert,
    }) => {
      const { company, owner } = await companyWithOwner()
      const api = as(client, owner, company)
      const refs = await parentsOf(company)
      const first = await api.post(URL).json(valid(refs))
      first.assertStatus(201)
      const duplicate = await api.post(URL).json(valid(refs))
      duplicate.assertStatus(422)
      assert.equal(duplicate.body().errors[0].field, unique)
      /** replacing a record with its own value is not a duplicate */
      const id = first.body().data.id
      ;(await api.put(`${URL}/${id}`).json(valid(refs))).assertStatus(200)
      const second = await api.post(URL).json(valid(refs, 2))
      ;(await api.put(`${URL}/${second.body().data.id}`).json(valid(refs))).assertStatus(422)
      if (spec.global) return
      const other = await companyWithOwner()
      const otherApi = as(client, other.owner, other.company)
      ;(await otherApi.post(URL).json(valid(await parentsOf(other.company)))).assertStatus(201)
    })
  }

  test('role matrix: readers read, writers write, others get 403', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const refs = await parentsOf(company)
    const id = (await as(client, owner, company).post(URL).json(valid(refs))).body().data.id
    let n = 10
    for (const role of MEMBER_ROLES) {
      const api = as(client, await memberOf(company, role), company)
      const canRead = spec.readers.includes(role)
      const canWrite = spec.writers.includes(role)
      assert.equal((await api.get(URL)).status(), canRead ? 200 : 403, `${role} list`)
      assert.equal((await api.get(`${URL}/${id}`)).status(), canRead ? 200 : 403, `${role} show`)
      n += 1
      const created = await api.post(URL).json(valid(refs, n))
      assert.equal(created.status(), canWrite ? 201 : 403, `${role} create`)
      n += 1
      const replaced = await api.put(`${URL}/${id}`).json(valid(refs, n))
      assert.equal(replaced.status(), canWrite ? 200 : 403, `${role} replace`)
      if (canWrite) {
        const removed = await api.delete(`${URL}/${created.body().data.id}`)
        assert.equal(removed.status(), 204, `${role} delete`)
      } else {
        assert.equal((await api.delete(`${URL}/${id}`)).status(), 403, `${role} delete`)
      }
    }
  })

  if (!spec.global) {
    test("another company's record is 404 and stays as it was", async ({ client, assert }) => {
      const mine = await companyWithOwner()
      const theirs = await companyWithOwner()
      const record = (await spec.factory
        .merge({ companyId: theirs.company.id, ...(await parentsOf(theirs.company)) })
        .create()) as unknown as Stored
      const api = as(client, mine.owner, mine.company)
      const refs = await parentsOf(mine.company)
      ;(await api.get(`${URL}/${record.id}`)).assertStatus(404)
      ;(await api.put(`${URL}/${record.id}`).json(valid(refs))).assertStatus(404)
      ;(await api.delete(`${URL}/${record.id}`)).assertStatus(404)
      assert.deepEqual((await api.get(URL)).body().data, [])
      const reloaded = await stored(record.id)
      assert.equal(reloaded!.updatedAt.toMillis(), record.updatedAt.toMillis())
    })
  }

  for (const [key, parentUrl] of Object.entries(spec.restrictingParents ?? {})) {
    test(`${parentUrl} stays while a record points to it: 409`, async ({ client }) => {
      const { company, owner } = await companyWithOwner()
      const api = as(client, owner, company)
      const refs = await parentsOf(company)
      ;(await api.post(URL).json(valid(refs))).assertStatus(201)
      ;(await api.delete(`${parentUrl}/${refs[key]}`)).assertStatus(409)
    })
  }

  test('401 without a token; 404 for an unknown or malformed id', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    ;(await client.get(`/api/v1${URL}`).header('x-company-id', company.id)).assertStatus(401)
    const api = as(client, owner, company)
    ;(await api.get(`${URL}/${randomUUID()}`)).assertStatus(404)
    ;(await api.get(`${URL}/not-a-uuid`)).assertStatus(404)
  })
}
