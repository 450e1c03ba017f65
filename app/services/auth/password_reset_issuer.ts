import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'
import { sendDedicatedMail } from '#services/notifications/event_notifications'
import PasswordReset from '#models/password_reset'
import User from '#models/user'
import { newOpaqueToken } from '#support/opaque_tokens'
import { phrase } from '#support/i18n'
import { appLink } from '#support/app_links'

/** A reset link is valid this long */
export const PASSWORD_RESET_TTL_MINUTES = 60

/**
 * The worker's half of POST /auth/password/forgot (an outbox job of kind
 * `password_reset`, queued for every address, known or not, so the
 * request costs the same for both): when the address has an account, a
 * single-use link replaces the account's earlier unused ones and its
 * e-mail is queued, in one transaction. At most one link per account and
 * minute. Returns false when nothing was sent.
 */
@inject()
export default class PasswordResetIssuer {
  constructor(private clock: Clock) {}

  issue(email: string) {
    return db.transaction(async (trx) => {
      const user = await User.findByEmail(email, trx)
      if (!user) return false

      const now = this.clock.now()
      const recent = await PasswordReset.query({ client: trx })
        .where('user_id', user.id)
        .where('created_at', '>', now.minus({ minutes: 1 }).toSQL()!)
        .first()
      if (recent) return false

      await PasswordReset.query({ client: trx })
        .where('user_id', user.id)
        .whereNull('used_at')
        .delete()
      const { token, tokenHash } = newOpaqueToken()
      await PasswordReset.create(
        {
          userId: user.id,
          tokenHash,
          expiresAt: now.plus({ minutes: PASSWORD_RESET_TTL_MINUTES }),
          usedAt: null,
          createdAt: now,
        },
        { client: trx }
      )

      await sendDedicatedMail(
        'auth/password_reset',
        {
          to: user,
          subject: phrase('mail.password_reset.subject'),
        },
        {
          name: user.name,
          resetUrl: appLink(`/reset-password?token=${encodeURIComponent(token)}`),
          minutes: PASSWORD_RESET_TTL_MINUTES,
        },
        trx
      )
      return true
    })
  }
}
