import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { UnauthorizedException } from '#exceptions/http_exceptions'
import sessionTokens from '#services/auth/session_token_service'
import Clock from '#services/platform/clock'

const INVALID = 'errors.invalid_refresh_token'

/**
 * Rotates a refresh token. A token presented a second time means it was
 * copied: the whole session is revoked (theft detection).
 */
@inject()
export default class RefreshSession {
  constructor(protected clock: Clock) {}

  async handle(refreshToken: string) {
    const outcome = await db.transaction(async (trx) => {
      const stored = await sessionTokens.findRefreshToken(refreshToken, trx)
      if (!stored) return { error: INVALID }

      const session = stored.session
      if (stored.usedAt || session.revokedAt) {
        await sessionTokens.revoke(session, trx)
        return { error: 'errors.refresh_token_reused' }
      }
      if (stored.expiresAt < this.clock.local() || !session.isActive) {
        return { error: INVALID }
      }

      stored.useTransaction(trx)
      stored.usedAt = this.clock.local()
      await stored.save()

      session.useTransaction(trx)
      session.lastUsedAt = this.clock.local()
      await session.save()

      const tokens = await sessionTokens.issuePair(session, trx)
      return { tokens: { ...tokens, user: session.user } }
    })

    /** Thrown after commit, so that a revocation is kept */
    if ('error' in outcome) {
      throw new UnauthorizedException(outcome.error ?? INVALID, { code: 'E_INVALID_REFRESH_TOKEN' })
    }
    return outcome.tokens
  }
}
