import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { UnauthorizedException } from '#exceptions/http_exceptions'
import sessionTokens from '#services/auth/session_token_service'

const INVALID = 'Invalid or expired refresh token'

/**
 * Rotates a refresh token. A token presented a second time means it was
 * copied: the whole session is revoked (theft detection).
 */
export default class RefreshSession {
  async handle(refreshToken: string) {
    const outcome = await db.transaction(async (trx) => {
      const stored = await sessionTokens.findRefreshToken(refreshToken, trx)
      if (!stored) return { error: INVALID }

      const session = stored.session
      if (stored.usedAt || session.revokedAt) {
        await sessionTokens.revoke(session, trx)
        return { error: 'Refresh token already used; the session was revoked' }
      }
      if (stored.expiresAt < DateTime.now() || !session.isActive) {
        return { error: INVALID }
      }

      stored.useTransaction(trx)
      stored.usedAt = DateTime.now()
      await stored.save()

      session.useTransaction(trx)
      session.lastUsedAt = DateTime.now()
      await session.save()

      const tokens = await sessionTokens.issuePair(session, trx)
      return { tokens: { ...tokens, user: session.user } }
    })

    /** Thrown after commit, so that a revocation is kept */
    if ('error' in outcome) {
      throw new UnauthorizedException(outcome.error, { code: 'E_INVALID_REFRESH_TOKEN' })
    }
    return outcome.tokens
  }
}
