import type AuthSession from '#models/auth_session'
import sessionTokens from '#services/auth/session_token_service'

/**
 * Ends the session of the request: its access and refresh tokens stop
 * working at once.
 */
export default class LogoutSession {
  async handle(session: AuthSession) {
    await sessionTokens.revoke(session)
  }
}
