import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import Clock from '#services/platform/clock'
import { sendDedicatedMail } from '#services/notifications/event_notifications'
import PasswordReset from '#models/password_reset'
import User from '#models/user'
import { newOpaqueToken } from '#support/opaque_tokens'

/** A reset link is valid this long */
export const PASSWORD_RESET_TTL_MINUTES = 60

/**
 * POST /auth/password/forgot: e-mails a single-use link to set a new
 * password, when the address has an account. The caller answers 202
 * either way, so the answer says nothing about which addresses exist.
 * A new link replaces the account's earlier unused ones, and at most one
 * is sent per account and minute (the route is also limited per IP).
 */
@inject()
export default class RequestPasswordReset {
  constructor(private clock: Clock) {}

  async handle(email: string) {
    await db.transaction(async (trx) => {
      const user = await User.findByEmail(email, trx)
      if (!user) return

      const now = this.clock.now()
      const recent = await PasswordReset.query({ client: trx })
        .where('user_id', user.id)
        .where('created_at', '>', now.minus({ minutes: 1 }).toSQL()!)
        .first()
      if (recent) return

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

      const base = env.get('APP_URL').replace(/\/$/, '')
      await sendDedicatedMail(
        'auth/password_reset',
        { to: user.email, toName: user.name, subject: 'Redefinição de senha' },
        {
          name: user.name,
          resetUrl: `${base}/reset-password?token=${encodeURIComponent(token)}`,
          minutes: PASSWORD_RESET_TTL_MINUTES,
        },
        trx
      )
    })
  }
}
