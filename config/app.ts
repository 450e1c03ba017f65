import type { IncomingMessage, ServerResponse } from 'node:http'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { proxyTrust } from '#support/http_trust'
import { securityHeaders } from '#middleware/security_headers_middleware'

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
  /**
   * A path that is not valid percent-encoding (`/files/%E0%A4%A`) is refused
   * before any middleware runs: answer it as the API answers every error,
   * JSON with a message and the usual security headers.
   */
  onBadUrl(_request: IncomingMessage, response: ServerResponse) {
    response.writeHead(400, {
      'Content-Type': 'application/json; charset=utf-8',
      ...securityHeaders(app.inProduction),
    })
    response.end(JSON.stringify({ message: 'Malformed URL' }))
  },
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
