import { inject } from '@adonisjs/core'
import AuthSession from '#models/auth_session'
import type User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'
import sessionTokens from '#services/auth/session_token_service'
import Clock from '#services/platform/clock'

/**
 * DELETE /users/me/sessions/:id: signs one of the user's active sessions
 * out. Another user's session, or one already ended, is 404.
 */
@inject()
export default class RevokeSession {
  constructor(protected clock: Clock) {}

  async handle(user: User, sessionId: string) {
    const session = await AuthSession.query()
      .where('id', sessionId)
      .where('user_id', user.id)
      .whereNull('revoked_at')
      .where('expires_at', '>', this.clock.local().toSQL()!)
      .first()
    if (!session) throw new NotFoundException('errors.session_not_found')
    await sessionTokens.revoke(session)
  }
}
