import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import Clock from '#services/platform/clock'
import sessionTokens from '#services/auth/session_token_service'
import PasswordReset from '#models/password_reset'
import User from '#models/user'
import { BadRequestException } from '#exceptions/http_exceptions'

/**
 * POST /auth/password/reset (public): the token of an unused, unexpired
 * link sets the password, marks the link used (a second use is 400) and
 * revokes every session of the account, so whoever knew the old password
 * is signed out. Holding the link proves control of the mailbox, so the
 * e-mail counts as verified. All or nothing.
 */
@inject()
export default class ResetPassword {
  constructor(private clock: Clock) {}

  async handle(token: string, password: string) {
    const passwordHash = await hash.make(password)
    await db.transaction(async (trx) => {
      const now = this.clock.now()
      const reset = await PasswordReset.findUsable(token, now, trx)
      if (!reset) throw new BadRequestException('errors.invalid_reset_link')

      const user = await User.query({ client: trx })
        .where('id', reset.userId)
        .forUpdate()
        .firstOrFail()
      user.useTransaction(trx)
      user.password = passwordHash
      user.emailVerifiedAt ??= now
      await user.save()

      reset.useTransaction(trx)
      await reset.merge({ usedAt: now }).save()
      await sessionTokens.revokeAll(user.id, trx)
    })
  }
}
