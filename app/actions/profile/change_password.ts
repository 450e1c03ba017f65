import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { errors as vineErrors } from '@vinejs/vine'
import type AuthSession from '#models/auth_session'
import sessionTokens from '#services/auth/session_token_service'
import type User from '#models/user'
import { ConflictException } from '#exceptions/http_exceptions'
import { passwordChangeFailureLimits, throttleFailures } from '#services/auth/failure_limits'

interface Params {
  user: User
  currentSession: AuthSession
  currentPassword: string
  newPassword: string
}

/**
 * PUT /users/me/password: the current password must match (422 on the
 * `currentPassword` field otherwise); wrong current passwords are limited
 * per user (429 with Retry-After), so a stolen access token cannot be used
 * to guess the password. Every other session of the user is revoked; the
 * session of the request stays signed in.
 */
export default class ChangePassword {
  async handle({ user, currentSession, currentPassword, newPassword }: Params) {
    if (!user.password) {
      throw new ConflictException('errors.password_not_set', {
        code: 'E_NO_PASSWORD',
      })
    }
    const storedHash = user.password
    await throttleFailures(passwordChangeFailureLimits(user.id), async () => {
      if (!(await hash.verify(storedHash, currentPassword))) {
        throw new vineErrors.E_VALIDATION_ERROR([
          {
            field: 'currentPassword',
            rule: 'currentPassword',
            message: 'errors.current_password_incorrect',
          },
        ])
      }
    })

    const passwordHash = await hash.make(newPassword)
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.password = passwordHash
      await user.save()

      await sessionTokens.revokeAll(user.id, trx, currentSession)
    })
  }
}
