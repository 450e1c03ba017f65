import { DateTime } from 'luxon'
import AuthSession from '#models/auth_session'
import type User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'
import sessionTokens from '#services/auth/session_token_service'

/**
 * DELETE /users/me/sessions/:id: signs one of the user's active sessions
 * out. Another user's session, or one already ended, is 404.
 */
export default class RevokeSession {
  async handle(user: User, sessionId: string) {
    const session = await AuthSession.query()
      .where('id', sessionId)
      .where('user_id', user.id)
      .whereNull('revoked_at')
      .where('expires_at', '>', DateTime.now().toSQL()!)
      .first()
    if (!session) throw new NotFoundException('Session not found')
    await sessionTokens.revoke(session)
  }
}
