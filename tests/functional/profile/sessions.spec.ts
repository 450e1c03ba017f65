import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import AuthSession from '#models/auth_session'
import { UserFactory } from '#database/factories/user_factory'

const openSession = (userId: string) =>
  AuthSession.create({ userId, expiresAt: DateTime.now().plus({ days: 1 }) })

test.group('Profile / DELETE /users/me/sessions/:id', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('revokes one of the caller sessions', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const session = await openSession(user.id)
    const response = await client.delete(`/api/v1/users/me/sessions/${session.id}`).loginAs(user)
    response.assertStatus(204)
    await session.refresh()
    assert.isNotNull(session.revokedAt)

    const me = await client.get('/api/v1/users/me').loginAs(user)
    assert.notInclude(
      me.body().data.sessions.map((entry: { id: string }) => entry.id),
      session.id
    )
  })

  test('another user session, an ended session or an unknown id gets 404', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const stranger = await UserFactory.create()
    const foreign = await openSession(stranger.id)
    const ended = await AuthSession.create({
      userId: user.id,
      expiresAt: DateTime.now().plus({ days: 1 }),
      revokedAt: DateTime.now(),
    })
    for (const id of [foreign.id, ended.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await client.delete(`/api/v1/users/me/sessions/${id}`).loginAs(user)
      response.assertStatus(404)
    }
    await foreign.refresh()
    assert.isNull(foreign.revokedAt)
  })

  test('a malformed id gets 404; no token gets 401', async ({ client }) => {
    const user = await UserFactory.create()
    ;(await client.delete('/api/v1/users/me/sessions/abc').loginAs(user)).assertStatus(404)
    ;(await client.delete('/api/v1/users/me/sessions/abc')).assertStatus(401)
  })
})
