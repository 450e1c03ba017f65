import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuthSession from '#models/auth_session'
import type User from '#models/user'
import { verifyCredentials } from '#services/auth/credentials_service'
import { loginFailureLimits, throttleFailures } from '#services/auth/failure_limits'
import sessionTokens, { type DeviceInfo } from '#services/auth/session_token_service'

interface Params {
  email: string
  password: string
  device: DeviceInfo
}

/**
 * Checks the credentials and opens a session on the device. Failed checks
 * are limited per account and per client IP (429 with Retry-After).
 */
export default class LoginUser {
  async handle({ email, password, device }: Params) {
    const user = await throttleFailures(loginFailureLimits(email, device.ip), () =>
      verifyCredentials(email, password)
    )

    const tokens = await db.transaction(async (trx) => {
      const { session, ...pair } = await sessionTokens.openSession(user, device, trx)
      const newDevice = await this.#isNewDevice(user, session, trx)
      await emitter.emit('auth:login', { user, session, newDevice, trx })
      return pair
    })

    return { ...tokens, user }
  }

  /**
   * A browser + OS never seen in the user's earlier sessions; the first
   * login ever is not a "new" device.
   */
  async #isNewDevice(user: User, session: AuthSession, trx: TransactionClientContract) {
    const earlier = () =>
      AuthSession.query({ client: trx }).where('user_id', user.id).whereNot('id', session.id)
    const sameDevice = earlier()
      .if(
        session.browser,
        (q) => q.where('browser', session.browser!),
        (q) => q.whereNull('browser')
      )
      .if(
        session.os,
        (q) => q.where('os', session.os!),
        (q) => q.whereNull('os')
      )
    return Boolean(await earlier().first()) && !(await sameDevice.first())
  }
}
