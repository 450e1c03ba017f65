import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import string from '@adonisjs/core/helpers/string'
import { errors } from '@adonisjs/limiter'
import type { HttpLimiter } from '@adonisjs/limiter'
import type { LimiterResponse } from '@adonisjs/limiter'

type Builder = (ctx: HttpContext) => HttpLimiter<any> | null | Promise<HttpLimiter<any> | null>

/**
 * `limiter.define` with the IETF rate-limit headers
 * (draft-ietf-httpapi-ratelimit-headers) on every answer of the route, a
 * 429 included (which also carries Retry-After):
 * `RateLimit-Policy: "<name>";q=<limit>;w=<window s>` and
 * `RateLimit: "<name>";r=<remaining>;t=<seconds to reset>`.
 */
export function defineLimit(name: string, builder: Builder) {
  const middleware = async (ctx: HttpContext, next: NextFn) => {
    const limit = await builder(ctx)
    if (!limit) return next()
    const { duration } = limit.toJSON()
    const window = typeof duration === 'number' ? duration : string.seconds.parse(duration!)
    const headers = (state: LimiterResponse) => ({
      'RateLimit-Policy': `"${name}";q=${state.limit};w=${window}`,
      'RateLimit': `"${name}";r=${Math.max(state.remaining, 0)};t=${state.availableIn}`,
    })
    let state: LimiterResponse
    try {
      state = await limit.throttle(name, ctx)
    } catch (error) {
      if (error instanceof errors.E_TOO_MANY_REQUESTS) {
        error.setHeaders({ ...error.getDefaultHeaders(), ...headers(error.response) })
      }
      throw error
    }
    for (const [header, value] of Object.entries(headers(state))) ctx.response.header(header, value)
    return next()
  }
  Object.defineProperty(middleware, 'name', { value: `${name}Throttle` })
  return middleware
}
