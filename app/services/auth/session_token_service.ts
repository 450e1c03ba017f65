import { createHash, randomBytes } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import jwtConfig from '#config/jwt'
import AuthSession from '#models/auth_session'
import RefreshToken from '#models/refresh_token'
import type User from '#models/user'
import jwtService from '#services/auth/jwt_service'
import { nowLocal, nowUtc } from '#services/platform/clock'

export interface DeviceInfo {
  browser?: string | null
  os?: string | null
  ip?: string | null
  userAgent?: string | null
}

export interface TokenPair {
  accessToken: string
  refreshToken: string
  tokenType: 'Bearer'
  expiresIn: number
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Sessions and their tokens: a short-lived JWT access token bound to the
 * session, and an opaque refresh token stored hashed and rotated on use.
 */
export class SessionTokenService {
  async openSession(user: User, device: DeviceInfo, trx?: TransactionClientContract) {
    const session = new AuthSession()
    if (trx) session.useTransaction(trx)
    session.fill({
      userId: user.id,
      browser: device.browser?.slice(0, 100) ?? null,
      os: device.os?.slice(0, 100) ?? null,
      ip: device.ip ?? null,
      userAgent: device.userAgent?.slice(0, 500) ?? null,
      expiresAt: nowLocal().plus({ days: jwtConfig.refreshTokenTtlDays }),
      lastUsedAt: nowLocal(),
      revokedAt: null,
    })
    await session.save()
    const tokens = await this.issuePair(session, trx)
    return { session, ...tokens }
  }

  async issuePair(session: AuthSession, trx?: TransactionClientContract): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url')
    await RefreshToken.create(
      { sessionId: session.id, tokenHash: hashToken(refreshToken), expiresAt: session.expiresAt },
      { client: trx }
    )

    const ttl = jwtConfig.accessTokenTtlSeconds
    const accessToken = await jwtService.sign(
      { sub: session.userId, sid: session.id },
      'access',
      nowUtc().plus({ seconds: ttl }).toJSDate()
    )
    return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ttl }
  }

  findRefreshToken(token: string, trx: TransactionClientContract) {
    return RefreshToken.query({ client: trx })
      .where('token_hash', hashToken(token))
      .preload('session', (query) => query.preload('user'))
      .forUpdate()
      .first()
  }

  /**
   * Signs the user out everywhere: every open session (so its access and
   * refresh tokens) is revoked, but `except` (the request's own session,
   * kept on a password change).
   */
  async revokeAll(userId: string, trx: TransactionClientContract, except?: AuthSession) {
    const now = nowLocal().toSQL()!
    await AuthSession.query({ client: trx })
      .where('user_id', userId)
      .if(except, (query) => query.whereNot('id', except!.id))
      .whereNull('revoked_at')
      .update({ revoked_at: now, updated_at: now })
  }

  async revoke(session: AuthSession, trx?: TransactionClientContract) {
    if (trx) session.useTransaction(trx)
    if (session.revokedAt) return
    session.revokedAt = nowLocal()
    await session.save()
  }
}

const sessionTokens = new SessionTokenService()
export default sessionTokens
