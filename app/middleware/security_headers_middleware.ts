import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Headers every response carries, errors and unknown routes included.
 * The API answers JSON and files, never pages to embed: no sniffing a
 * download into HTML, no framing (clickjacking), no Referer leaking signed
 * URLs or onboarding tokens to other sites. HSTS only in production, where
 * TLS is guaranteed: sent over plain http in development it would pin
 * localhost to https in the browser.
 */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    ...(production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

const HEADERS = Object.entries(securityHeaders(app.inProduction))

export default class SecurityHeadersMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    for (const [name, value] of HEADERS) response.header(name, value)
    // CORS headers depend on the Origin allow-list (config/cors.ts), and
    // @adonisjs/cors does not say so to caches
    response.append('Vary', 'Origin')
    return next()
  }
}
