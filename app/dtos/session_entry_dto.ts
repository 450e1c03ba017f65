import type AuthSession from '#models/auth_session'

/** SessionEntry of E2 */
export default class SessionEntryDto {
  static fromModel(session: AuthSession) {
    return {
      id: session.id,
      browser: session.browser,
      os: session.os,
      ip: session.ip,
      createdAt: session.createdAt.toISO()!,
    }
  }
}
