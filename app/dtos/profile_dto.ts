import type AuthSession from '#models/auth_session'
import type User from '#models/user'
import UserDto from '#dtos/user_dto'

export default class ProfileDto {
  /** SessionEntry of the spec */
  static session(session: AuthSession) {
    return {
      id: session.id,
      browser: session.browser ?? null,
      os: session.os ?? null,
      ip: session.ip ?? null,
      createdAt: session.createdAt.toISO()!,
    }
  }

  /** GET /users/me */
  static fromProfile(profile: {
    user: User
    sessions: AuthSession[]
    permissions: string[]
    hasPendingInformation: boolean
  }) {
    return {
      user: UserDto.fromModel(profile.user),
      sessions: profile.sessions.map((session) => ProfileDto.session(session)),
      permissions: profile.permissions,
      hasPendingInformation: profile.hasPendingInformation,
    }
  }
}
