import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { CompanyFactory } from '#database/factories/company_factory'
import { CompanyMemberFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import { ROLE_PERMISSIONS } from '#support/permissions'
import type { MemberRole } from '#enums/roles'
import { companyWithOwner } from '#tests/support/tenancy'

/**
 * A user who belongs to two companies. `x-company-id` picks the
 * membership, so the role of THAT company is the role of the request: a
 * role held in company A never applies in company B. And the header
 * itself: missing, malformed, foreign.
 */
const ME = '/api/v1/users/me'
const MEMBERS = '/api/v1/company/members'
const PROVIDER_SUMMARY = '/api/v1/summary'

async function twoCompanies(roleInA: MemberRole, roleInB: MemberRole) {
  const a = await CompanyFactory.create()
  const b = await CompanyFactory.create()
  const user = await UserFactory.create()
  await CompanyMemberFactory.merge({ companyId: a.id, userId: user.id, role: roleInA }).create()
  await CompanyMemberFactory.merge({ companyId: b.id, userId: user.id, role: roleInB }).create()
  return { a, b, user }
}

const ROLE_FORBIDDEN = { message: 'Acesso negado', code: 'E_ROLE_FORBIDDEN' }

test.group('Security / a user of two companies', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/users/me answers with the permissions of the role in the header company', async ({
    client,
    assert,
  }) => {
    const { a, b, user } = await twoCompanies('owner', 'provider')
    const inA = await client.get(ME).header('x-company-id', a.id).loginAs(user)
    const inB = await client.get(ME).header('x-company-id', b.id).loginAs(user)
    const none = await client.get(ME).loginAs(user)
    inA.assertStatus(200)
    inB.assertStatus(200)
    none.assertStatus(200)
    assert.sameMembers(inA.body().data.permissions, [...ROLE_PERMISSIONS.owner])
    assert.sameMembers(inB.body().data.permissions, [...ROLE_PERMISSIONS.provider])
    assert.deepEqual(none.body().data.permissions, [])
  })

  test('owner of A, provider of B: the borrower route opens in A only', async ({
    client,
    assert,
  }) => {
    const { a, b, user } = await twoCompanies('owner', 'provider')
    const inA = await client.get(MEMBERS).header('x-company-id', a.id).loginAs(user)
    inA.assertStatus(200)
    /** A's members only: B's membership of the same user is not listed */
    assert.lengthOf(inA.body().data, 1)

    const inB = await client.get(MEMBERS).header('x-company-id', b.id).loginAs(user)
    inB.assertStatus(403)
    assert.deepEqual(inB.body(), ROLE_FORBIDDEN)
  })

  test('owner of A, provider of B: the provider route opens in B only', async ({
    client,
    assert,
  }) => {
    const { a, b, user } = await twoCompanies('owner', 'provider')
    const inB = await client.get(PROVIDER_SUMMARY).header('x-company-id', b.id).loginAs(user)
    assert.notEqual(inB.body().code, 'E_ROLE_FORBIDDEN')
    assert.isBelow(inB.status(), 500)

    const inA = await client.get(PROVIDER_SUMMARY).header('x-company-id', a.id).loginAs(user)
    inA.assertStatus(403)
    assert.deepEqual(inA.body(), ROLE_FORBIDDEN)
  })

  test('user of A, admin of B: company settings are B only', async ({ client, assert }) => {
    const { a, b, user } = await twoCompanies('user', 'admin')
    const url = (id: string) => `/api/v1/company/${id}/notification-settings`
    const inA = await client.get(url(a.id)).header('x-company-id', a.id).loginAs(user)
    inA.assertStatus(403)
    assert.deepEqual(inA.body(), ROLE_FORBIDDEN)
    const inB = await client.get(url(b.id)).header('x-company-id', b.id).loginAs(user)
    inB.assertStatus(200)
  })

  test('a company the user is not a member of is 403, whatever its role elsewhere', async ({
    client,
  }) => {
    const { a, user } = await twoCompanies('owner', 'admin')
    const { company: foreign } = await companyWithOwner()
    for (const url of [MEMBERS, ME]) {
      const response = await client.get(url).header('x-company-id', foreign.id).loginAs(user)
      response.assertStatus(403)
      response.assertBody({ message: 'Você não é membro desta empresa', code: 'E_FORBIDDEN' })
    }
    ;(await client.get(MEMBERS).header('x-company-id', a.id).loginAs(user)).assertStatus(200)
  })
})

test.group('Security / the x-company-id header', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('spaces around the id and upper-case hex are the same company', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    for (const header of [`  ${company.id}  `, company.id.toUpperCase()]) {
      ;(await client.get(MEMBERS).header('x-company-id', header).loginAs(owner)).assertStatus(200)
    }
  })

  test('not a company id: {label}')
    .with([
      { label: 'text before the id', header: (id: string) => `x${id}` },
      { label: 'text after the id', header: (id: string) => `${id}x` },
      { label: 'the nil uuid', header: () => '00000000-0000-0000-0000-000000000000' },
      { label: 'version 9', header: (id: string) => `${id.slice(0, 14)}9${id.slice(15)}` },
      { label: 'variant c', header: (id: string) => `${id.slice(0, 19)}c${id.slice(20)}` },
      { label: 'a short group', header: (id: string) => id.slice(1) },
      { label: 'no dashes', header: (id: string) => id.replaceAll('-', '') },
      { label: 'a word', header: () => 'company' },
    ])
    .run(async ({ client }, { header }) => {
      const { company, owner } = await companyWithOwner()
      for (const url of [MEMBERS, ME]) {
        const response = await client
          .get(url)
          .header('x-company-id', header(company.id))
          .loginAs(owner)
        response.assertStatus(403)
        response.assertBody({
          message: 'O cabeçalho x-company-id deve ser o id de uma empresa',
          code: 'E_FORBIDDEN',
        })
      }
    })

  test('a missing or blank header: 403 on a company route, no context on /users/me', async ({
    client,
    assert,
  }) => {
    const { owner } = await companyWithOwner()
    for (const header of [undefined, '   ']) {
      const members = client.get(MEMBERS).loginAs(owner)
      const me = client.get(ME).loginAs(owner)
      if (header !== undefined) {
        members.header('x-company-id', header)
        me.header('x-company-id', header)
      }
      const refused = await members
      refused.assertStatus(403)
      refused.assertBody({ message: 'O cabeçalho x-company-id é obrigatório', code: 'E_FORBIDDEN' })
      const answered = await me
      answered.assertStatus(200)
      assert.deepEqual(answered.body().data.permissions, [])
    }
  })

  test('the header needs a token first: no token is 401, not 403', async ({ client }) => {
    const { company } = await companyWithOwner()
    ;(await client.get(MEMBERS).header('x-company-id', company.id)).assertStatus(401)
  })
})
