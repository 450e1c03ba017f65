import type UserIdentity from '#models/user_identity'

export default class UserIdentityDto {
  static fromModel(identity: UserIdentity) {
    return {
      id: identity.id,
      provider: identity.provider,
      email: identity.email ?? null,
      createdAt: identity.createdAt.toISO()!,
    }
  }
}
