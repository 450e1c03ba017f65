import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { CompanyFactory } from '#database/factories/company_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'

test.group('Companies / context and roles', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /company lists the caller companies with the caller role', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const other = await CompanyFactory.create()
    await memberOf(other, 'admin')
    const client2 = await CompanyFactory.create()
    const { default: CompanyMember } = await import('#models/company_member')
    await CompanyMember.create({ companyId: client2.id, userId: owner.id, role: 'provider' })

    const response = await client.get('/api/v1/company').loginAs(owner)
    response.assertStatus(200)
    const rows = response.body().data as { id: string; role: string }[]
    assert.sameDeepMembers(
      rows.map(({ id, role }) => ({ id, role })),
      [
        { id: company.id, role: 'owner' },
        { id: client2.id, role: 'provider' },
      ]
    )
  })

  test('GET /company writes each company as CompanyDto.fromModel does, plus the role, oldest membership first', async ({
    client,
    assert,
  }) => {
    const { default: Company } = await import('#models/company')
    const { default: CompanyDto } = await import('#dtos/company_dto')
    const { default: CompanyMember } = await import('#models/company_member')
    const { logoUrl } = await import('#services/files/logo_urls')
    const { company, owner } = await companyWithOwner()
    company.merge({ email: 'hello@acme.test', phone: '+55 11 5555-0000', tradeName: 'Acme' })
    company.logo = 'https://cdn.example.test/logo.png'
    await company.save()
    const second = await CompanyFactory.merge({ tradeName: null, email: null }).create()
    const later = await CompanyMember.create({
      companyId: second.id,
      userId: owner.id,
      role: 'admin',
    })
    /** Joined a second after the first (a shared transaction would tie them) */
    const { default: db } = await import('@adonisjs/lucid/services/db')
    await db.rawQuery(
      `UPDATE company_members SET created_at = created_at + interval '1 second' WHERE id = ?`,
      [later.id]
    )

    const response = await client.get('/api/v1/company').loginAs(owner)
    response.assertStatus(200)
    const expected = []
    for (const [id, role] of [
      [company.id, 'owner'],
      [second.id, 'admin'],
    ]) {
      const model = await Company.findOrFail(id)
      expected.push({ ...CompanyDto.fromModel(model, await logoUrl(model.logo)), role })
    }
    /** Same keys, same order, same text (timestamps as Luxon writes them) */
    assert.equal(JSON.stringify(response.body().data), JSON.stringify(expected))
  })

  test('the borrower side lists members, paginated', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    for (const role of ['admin', 'borrower', 'user', 'provider'] as const)
      await memberOf(company, role)

    const response = await client
      .get('/api/v1/company/members')
      .qs({ perPage: 2, page: 2 })
      .header('x-company-id', company.id)
      .loginAs(owner)
    response.assertStatus(200)
    assert.lengthOf(response.body().data, 2)
    assert.deepEqual(response.body().meta, { total: 5, page: 2, perPage: 2, totalPages: 3 })
  })

  test('each borrower-side role may list members', async ({ client }) => {
    const { company } = await companyWithOwner()
    for (const role of ['admin', 'borrower', 'user'] as const) {
      const user = await memberOf(company, role)
      const response = await client
        .get('/api/v1/company/members')
        .header('x-company-id', company.id)
        .loginAs(user)
      response.assertStatus(200)
    }
  })

  test('a provider calling a borrower-only route gets 403', async ({ client }) => {
    const { company } = await companyWithOwner()
    const provider = await memberOf(company, 'provider')
    const response = await client
      .get('/api/v1/company/members')
      .header('x-company-id', company.id)
      .loginAs(provider)
    response.assertStatus(403)
    response.assertBodyContains({ message: 'Acesso negado' })
  })

  test('a missing, malformed or foreign x-company-id gets 403', async ({ client }) => {
    const { owner } = await companyWithOwner()
    const { company: foreign } = await companyWithOwner()

    for (const header of [undefined, 'not-a-uuid', foreign.id]) {
      const request = client.get('/api/v1/company/members').loginAs(owner)
      if (header) request.header('x-company-id', header)
      const response = await request
      response.assertStatus(403)
      response.assertBodyContains({ message: String(response.body().message) })
    }
  })

  test('bad list filters get 422', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    for (const qs of [{ page: 0 }, { perPage: 101 }, { perPage: 'abc' }, { role: 'king' }]) {
      const response = await client
        .get('/api/v1/company/members')
        .qs(qs)
        .header('x-company-id', company.id)
        .loginAs(owner)
      response.assertStatus(422)
    }
  })
})
