import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import logger from '@adonisjs/core/services/logger'
import { httpRequestDuration } from '#services/platform/metrics'

/**
 * Observes every request once its response is written (`finish`, so after
 * the error handler set the final status): one duration sample for
 * `/metrics` and one log line with the request id, user, company, route,
 * status and duration (JSON lines in production).
 */
export default class RequestObserverMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const started = process.hrtime.bigint()
    ctx.response.response.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const route = ctx.route?.name ?? ctx.route?.pattern ?? 'unmatched'
      const status = ctx.response.response.statusCode
      const method = ctx.request.method()
      httpRequestDuration.observe({ route, method, status: String(status) }, seconds)
      logger.info(
        {
          requestId: ctx.request.id(),
          userId: ctx.auth?.user?.id ?? null,
          companyId: ctx.company?.id ?? null,
          route,
          method,
          status,
          durationMs: Math.round(seconds * 1000 * 10) / 10,
        },
        'request'
      )
    })
    return next()
  }
}
