import { timingSafeEqual } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { NotFoundException } from '#exceptions/http_exceptions'
import { renderMetrics } from '#services/platform/metrics'

/** Compares in constant time (the token is a secret) */
function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export default class OperationsController {
  /**
   * GET /health/live: the process is up and serves HTTP; no database
   * check (that is GET /health, the readiness check), so an orchestrator
   * does not restart the API during a database outage.
   */
  live() {
    return { data: { status: 'ok' } }
  }

  /**
   * GET /metrics: Prometheus text; with METRICS_TOKEN set (always in
   * production), only for `Authorization: Bearer <it>`; 404 when switched off
   */
  async metrics({ request, response, i18n }: HttpContext) {
    if (env.get('METRICS_ENABLED') === false) throw new NotFoundException('errors.route_not_found')
    const token = env.get('METRICS_TOKEN')
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.header('authorization') ?? '')?.[1] ?? ''
      if (!sameSecret(given, token)) {
        return response.unauthorized({ message: i18n.t('errors.metrics_token_required') })
      }
    }
    const { contentType, body } = await renderMetrics()
    response.header('content-type', contentType)
    return response.send(body)
  }
}
