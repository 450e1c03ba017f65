import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
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
      await emitter.emit('auth:login', { user, session, trx })
      return pair
    })

    return { ...tokens, user }
  }
}
