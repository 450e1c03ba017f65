import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import CompanyMember from '#models/company_member'
import sessionTokens from '#services/auth/session_token_service'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { statementsOf } from '#tests/support/statements'
import type User from '#models/user'

/**
 * The authenticated floor: the session, its user, the
 * membership in the `x-company-id` company and that company are read in
 * ONE statement per request (they were four round trips), never cached,
 * so a logout or a removed membership still takes effect at once.
 */
async function bearerOf(user: User) {
  const { accessToken } = await sessionTokens.openSession(user, {})
  return accessToken
}

const get = (client: ApiClient, url: string, bearer: string, companyId?: string) => {
  const request = client.get(`/api/v1${url}`).bearerToken(bearer)
  return companyId ? request.header('x-company-id', companyId) : request
}

test.group('Auth / the authenticated floor in one statement', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('unread-count reads session, user, membership and company in one statement; a repeat only that', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const bearer = await bearerOf(owner)

    let response: Awaited<ReturnType<typeof get>> | undefined
    const statements = await statementsOf(async () => {
      response = await get(client, '/notifications/unread-count', bearer, company.id)
    })
    response!.assertStatus(200)
    /** The floor, then the endpoint's own counter read */
    assert.lengthOf(statements, 2, statements.join('\n'))
    assert.match(statements[0], /auth_sessions/)
    assert.match(statements[0], /company_members/)
    assert.match(statements[0], /companies/)

    /** Read again with the inbox unchanged: the floor alone (the count is cached under it) */
    const again = await statementsOf(async () => {
      response = await get(client, '/notifications/unread-count', bearer, company.id)
    })
    response!.assertStatus(200)
    assert.lengthOf(again, 1, again.join('\n'))
    assert.match(again[0], /auth_sessions/)
  })

  test('GET /company: the floor and one joined read of the memberships', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const bearer = await bearerOf(owner)

    let response: Awaited<ReturnType<typeof get>> | undefined
    const statements = await statementsOf(async () => {
      response = await get(client, '/company', bearer)
    })
    response!.assertStatus(200)
    assert.deepEqual(
      response!.body().data.map((row: { id: string; role: string }) => [row.id, row.role]),
      [[company.id, 'owner']]
    )
    assert.lengthOf(statements, 2, statements.join('\n'))
  })

  test('the membership read with the session answers the company middleware', async ({
    client,
  }) => {
    const { company } = await companyWithOwner()
    const member = await memberOf(company, 'user')
    const bearer = await bearerOf(member)
    ;(await get(client, '/notifications/unread-count', bearer, company.id)).assertStatus(200)

    /** Removed between two requests with the same token: refused at once */
    await CompanyMember.query().where('company_id', company.id).where('user_id', member.id).delete()
    const refused = await get(client, '/notifications/unread-count', bearer, company.id)
    refused.assertStatus(403)
    refused.assertBodyContains({ message: 'Você não é membro desta empresa' })
  })

  test('a logout refuses the very next request of the same token', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const bearer = await bearerOf(owner)
    ;(await get(client, '/notifications/unread-count', bearer, company.id)).assertStatus(200)
    ;(await client.post('/api/v1/auth/logout').bearerToken(bearer)).assertStatus(204)
    ;(await get(client, '/notifications/unread-count', bearer, company.id)).assertStatus(401)
  })
})
