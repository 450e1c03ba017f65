import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import CompanyMember from '#models/company_member'
import sessionTokens from '#services/auth/session_token_service'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { statementsOf } from '#tests/support/statements'
import type User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import AuthSession from '#models/auth_session'
import { AuthenticatedFloors } from '#services/auth/authenticated_floors'

/**
 * The authenticated floor: the session, its user, the
 * membership in the `x-company-id` company and that company are read in
 * ONE statement (they were four round trips), then kept by the process
 * while their read versions hold (AuthenticatedFloors): each request
 * checks the session and reads the versions in one statement, so a
 * logout, a removed membership or any change of the user's or company's
 * row still takes effect on the very next request.
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
    assert.notMatch(again[0], /company_members/, 'the kept floor: the versions alone')
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

  test('a kept floor follows every change of its rows, through any path, on the next request', async ({
    client,
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const member = await memberOf(company, 'user')
    const bearer = await bearerOf(member)
    const me = () => get(client, '/users/me', bearer, company.id)
    const floorRead = async () => {
      let response: Awaited<ReturnType<typeof get>> | undefined
      const statements = await statementsOf(async () => {
        response = await me()
      })
      response!.assertStatus(200)
      /** Read whole (after the versions' check, when kept floor no longer holds) */
      const joined = statements.some((statement) => /company_members/.test(statement))
      return {
        body: response!.body().data as { user: { name: string }; permissions: string[] },
        joined,
      }
    }
    assert.isTrue((await floorRead()).joined, 'first read: joined')
    assert.isFalse((await floorRead()).joined, 'repeat: kept')

    /** The user's row, by SQL: read again, the new name answers */
    await db.from('users').where('id', member.id).update({ name: 'Nome Novo' })
    const renamed = await floorRead()
    assert.isTrue(renamed.joined)
    assert.equal(renamed.body.user.name, 'Nome Novo')
    assert.isFalse((await floorRead()).joined)

    /** A column no list prints (the password): the floor is read again */
    await db.from('users').where('id', member.id).update({ password: 'x' })
    assert.isTrue((await floorRead()).joined)

    /** The role, by SQL: the permissions follow at once */
    const before = (await floorRead()).body
    await db
      .from('company_members')
      .where({ company_id: company.id, user_id: member.id })
      .update({ role: 'admin' })
    const promoted = await floorRead()
    assert.isTrue(promoted.joined)
    assert.notDeepEqual(promoted.body.permissions, before.permissions)

    /** The company's row, any column */
    await db.from('companies').where('id', company.id).update({ document_status: 'verified' })
    assert.isTrue((await floorRead()).joined)
    assert.isFalse((await floorRead()).joined)
  })

  test('a kept floor refuses a revoked, expired or foreign session at once', async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    for (const end of [
      { revoked_at: new Date() },
      { expires_at: new Date(Date.now() - 1000) },
      { user_id: (await memberOf(company, 'user')).id },
    ]) {
      const { accessToken: bearer, session } = await sessionTokens.openSession(owner, {})
      ;(await get(client, '/notifications/unread-count', bearer, company.id)).assertStatus(200)
      ;(await get(client, '/notifications/unread-count', bearer, company.id)).assertStatus(200)
      await db.from('auth_sessions').where('id', session.id).update(end)
      ;(await get(client, '/notifications/unread-count', bearer, company.id)).assertStatus(401)
    }
  })

  test('each request gets its own models; a floor is kept at most its time, within its bound', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const other = await companyWithOwner()
    const session = async (user: User) => (await sessionTokens.openSession(user, {})).session.id
    const sid = await session(owner)
    const floors = new AuthenticatedFloors({ entries: 1, ttlMs: 60_000 })
    /** Read, then kept: each answer is changed by its request, never the next one's */
    let previous = (await floors.find(sid, owner.id, company.id))!
    for (let request = 0; request < 2; request++) {
      previous.user.name = 'Changed in one request'
      previous.membership!.company.name = 'Changed too'
      const next = (await floors.find(sid, owner.id, company.id))!
      assert.notStrictEqual(next.user, previous.user)
      assert.equal(next.user.name, owner.name)
      assert.equal(next.membership!.company.name, company.name)
      assert.isFalse(next.user.$isDirty)
      assert.equal(next.session().id, sid)
      assert.strictEqual(next.session().user, next.user)
      previous = next
    }

    /** A second session: the oldest is let go (bound 1) */
    await floors.find(await session(other.owner), other.owner.id, other.company.id)
    assert.equal(floors.size, 1)

    /** Kept no time: read whole each time */
    const fresh = new AuthenticatedFloors({ entries: 10, ttlMs: 0 })
    await fresh.find(sid, owner.id, company.id)
    const statements = await statementsOf(() => fresh.find(sid, owner.id, company.id))
    assert.lengthOf(statements, 1)
    assert.match(statements[0], /company_members/)
    assert.isNotNull(await AuthSession.activeReadVersions(sid, owner.id, company.id))
  })

  test('reads share the kept models; one changed in place is built anew, writes get their own', async ({
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const sid = (await sessionTokens.openSession(owner, {})).session.id
    const floors = new AuthenticatedFloors()
    const read = async () => (await floors.find(sid, owner.id, company.id, { shared: true }))!

    await read()
    const first = await read()
    const second = await read()
    assert.strictEqual(second.user, first.user, 'two reads share the kept user')
    assert.strictEqual(second.membership, first.membership)
    const write = (await floors.find(sid, owner.id, company.id))!
    assert.notStrictEqual(write.user, first.user, 'a write gets its own')

    /** Changed in place (a bug in a read): never shared again */
    for (const change of [
      (floor: typeof first) => (floor.user.name = 'Changed by a read'),
      (floor: typeof first) => (floor.membership!.role = 'user'),
      (floor: typeof first) => (floor.membership!.company.timezone = 'UTC'),
      (floor: typeof first) => floor.membership!.$setRelated('company', write.membership!.company),
    ]) {
      const shared = await read()
      change(shared)
      const next = await read()
      assert.notStrictEqual(next.user, shared.user)
      assert.equal(next.user.name, owner.name)
      assert.equal(next.membership!.role, 'owner')
      assert.equal(next.membership!.company.timezone, company.timezone)
      assert.strictEqual((await read()).user, next.user, 'the new models are shared')
    }
  })
})
