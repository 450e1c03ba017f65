import type User from '#models/user'

/**
 * The user record returned by the API.
 */
export default class UserDto {
  static fromModel(user: User) {
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone ?? null,
      cpf: user.cpf ?? null,
      avatar: user.avatar ?? null,
      locale: user.locale ?? null,
      createdAt: user.createdAt.toISO()!,
      updatedAt: user.updatedAt.toISO()!,
    }
  }
}
