/*
|--------------------------------------------------------------------------
| HTTP throttles
|--------------------------------------------------------------------------
|
| Route throttles (429 {message} with Retry-After), applied with
| `.use(throttle)` in the route files. Every answer of a limited route
| carries RateLimit-Policy / RateLimit (defineLimit).
|
*/
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import { defineLimit } from '#support/rate_limit'

/**
 * GET /app/versions: public and called on every app open, so limited per
 * IP with a generous allowance (APP_VERSIONS_RATE_LIMIT per minute, 120
 * by default; 0 turns the throttle off).
 */
export const appVersionsThrottle = defineLimit('app_versions', (ctx) => {
  const requests = env.get('APP_VERSIONS_RATE_LIMIT', 120)
  if (requests <= 0) return limiter.noLimit()
  return limiter
    .allowRequests(requests)
    .every('1 minute')
    .usingKey(`app_versions_${ctx.request.ip()}`)
})

/**
 * POST /auth/register per IP (REGISTER_RATE_LIMIT per hour, 10 by
 * default), counting every request: a 422 "e-mail already in use" tells
 * whether an address has an account, so refused attempts must cost too.
 */
export const registerThrottle = defineLimit('auth_register', () =>
  // keyed by request.ip() (the limiter's default key)
  limiter.allowRequests(env.get('REGISTER_RATE_LIMIT') ?? 10).every('1 hour')
)

/**
 * POST /auth/password/forgot per IP (PASSWORD_RESET_RATE_LIMIT per hour,
 * 10 by default), counting every request: each one may send an e-mail.
 * The action also sends at most one link per account and minute.
 */
export const passwordResetThrottle = defineLimit('auth_password_forgot', () =>
  limiter.allowRequests(env.get('PASSWORD_RESET_RATE_LIMIT') ?? 10).every('1 hour')
)
