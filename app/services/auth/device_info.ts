import { UAParser } from 'ua-parser-js'
import type { HttpContext } from '@adonisjs/core/http'
import type { DeviceInfo } from '#services/auth/session_token_service'

/**
 * Browser, OS and IP of the request, for the session row (SessionEntry)
 * and the new-device check.
 */
export function deviceInfoFrom(request: HttpContext['request']): DeviceInfo {
  const userAgent = request.header('user-agent') ?? null
  const parsed = UAParser(userAgent ?? '')
  return {
    browser: parsed.browser.name ?? null,
    os: parsed.os.name ?? null,
    ip: request.ip(),
    userAgent,
  }
}
