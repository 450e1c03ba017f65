import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import AuthSession from '#models/auth_session'
import { UserFactory } from '#database/factories/user_factory'
import sessionTokens from '#services/auth/session_token_service'
import { lockFromAnotherConnection } from '#tests/support/row_locks'

/**
 * The session service writes and locks inside the caller's transaction.
 * Inside the suite's rolled-back global transaction every query shares one
 * connection, so this cannot be seen there: this group commits its user
 * (deleted afterwards, its sessions and tokens with it) and looks from a
 * second connection.
 */
test.group('Auth / the session service works in the caller transaction', () => {
  test('a session opened in a transaction gets its refresh token in that transaction', async ({
    assert,
    cleanup,
  }) => {
    const user = await UserFactory.create()
    cleanup(() => user.delete())
    const opened = await db.transaction((trx) => sessionTokens.openSession(user, {}, trx))
    const stored = await db.from('refresh_tokens').where('session_id', opened.session.id)
    assert.lengthOf(stored, 1)
  })

  test('revokeAll in a transaction that rolls back revokes nothing', async ({
    assert,
    cleanup,
  }) => {
    const user = await UserFactory.create()
    cleanup(() => user.delete())
    await sessionTokens.openSession(user, {})
    await sessionTokens.openSession(user, {})

    await assert.rejects(() =>
      db.transaction(async (trx) => {
        await sessionTokens.revokeAll(user.id, trx)
        throw new Error('the action failed after revoking')
      })
    )
    const open = await AuthSession.query().where('user_id', user.id).whereNull('revoked_at')
    assert.lengthOf(open, 2)
  })

  test('findRefreshToken(…, trx) keeps the token locked until trx ends', async ({
    assert,
    cleanup,
  }) => {
    const user = await UserFactory.create()
    cleanup(() => user.delete())
    const { refreshToken, session } = await sessionTokens.openSession(user, {})
    const tryLock = lockFromAnotherConnection('refresh_tokens', session.id, 'session_id')

    await db.transaction(async (trx) => {
      const found = await sessionTokens.findRefreshToken(refreshToken, trx)
      assert.equal(found?.sessionId, session.id)
      await assert.rejects(tryLock, /could not obtain lock/)
    })
    await assert.doesNotReject(tryLock)
  })
})
