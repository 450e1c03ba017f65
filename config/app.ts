import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import { proxyTrust } from '#support/http_trust'

/**
 * The application key encrypts cookies and signs the URLs of private
 * files; it must stay secret and be the same on every instance.
 */
export const appKey = new Secret(env.get('APP_KEY'))

/**
 * Public base URL of the service, used to build links in e-mails.
 */
export const appUrl = env.get('APP_URL')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  /**
   * X-Forwarded-For is believed only from the proxies in TRUSTED_PROXIES
   * (none by default): otherwise any client could pick its own IP, reset
   * the per-IP limits and forge the IP stored on sessions and signatures.
   */
  trustProxy: proxyTrust(env.get('TRUSTED_PROXIES')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
