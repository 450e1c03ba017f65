import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DatabaseProbe from '#services/platform/database_probe'

export default class HealthController {
  /**
   * GET /health: 200 when the database answers, 503 otherwise.
   */
  @inject()
  async show({ response, i18n }: HttpContext, probe: DatabaseProbe) {
    if (await probe.isUp()) {
      return { data: { status: 'ok', database: 'ok' } }
    }
    return response.serviceUnavailable({
      message: i18n.t('errors.database_unavailable'),
      data: { status: 'degraded', database: 'down' },
    })
  }
}
