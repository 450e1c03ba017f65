import hash from '@adonisjs/core/services/hash'
import type User from '#models/user'
import { ConflictException } from '#exceptions/http_exceptions'

/**
 * POST /users/me/register-password: adds an e-mail + password credential
 * to an account created without one (e.g. through an identity provider).
 */
export default class RegisterPassword {
  async handle(user: User, password: string) {
    if (user.password) {
      throw new ConflictException('errors.password_already_set', {
        code: 'E_PASSWORD_EXISTS',
      })
    }
    user.password = await hash.make(password)
    await user.save()
  }
}
