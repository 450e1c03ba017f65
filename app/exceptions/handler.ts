import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import i18nManager from '@adonisjs/i18n/services/main'
import { databaseFailure, toErrorResponse } from '#exceptions/error_response'
import ServiceUnavailableException from '#exceptions/service_unavailable_exception'
import { translator } from '#support/i18n'

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  /** Client errors are expected outcomes, not incidents */
  protected ignoreStatuses = [400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429]

  /**
   * The body's message (and each validation error's) in the request's
   * language; `Content-Language` says which. A request that failed before
   * the locale middleware ran answers in the default locale.
   */
  async handle(error: unknown, ctx: HttpContext) {
    const i18n = ctx.i18n ?? i18nManager.locale(i18nManager.defaultLocale)
    const { status, body, headers } = toErrorResponse(error, translator(i18n))
    ctx.response.header('Content-Language', i18n.locale)
    for (const [name, value] of Object.entries(headers ?? {})) {
      ctx.response.header(name, value)
    }
    return ctx.response.status(status).json(body)
  }

  /**
   * A data exception (class 22, or a NOT NULL / CHECK violation) answers
   * 422 like any bad input, but bad input should never reach the database:
   * it is logged as the validation gap it is, with the request id, so the
   * missing rule gets written. A 503 is logged as a warning (the database
   * is down: an incident, not a bug of this request).
   */
  async report(error: unknown, ctx: HttpContext) {
    const failure = databaseFailure(error)
    if (failure?.validationGap) {
      ctx.logger.warn(
        { err: error, sqlState: (error as { code?: string }).code, route: ctx.route?.pattern },
        'validation gap: the database refused a value the validators let through'
      )
      return
    }
    if (failure?.status === 503) {
      ctx.logger.warn({ err: error }, 'database unavailable')
      return
    }
    /** A 409 of a unique race or a concurrent change is an expected outcome */
    if (failure) return
    /**
     * A documented 503 (a dependency not configured or down, such as an
     * identity provider): the answer the client was promised, not a fault
     * of this server's code, so a warning without a stack
     */
    if (error instanceof ServiceUnavailableException) {
      ctx.logger.warn(
        { code: error.code, route: ctx.route?.pattern, reason: error.message },
        'dependency unavailable (503)'
      )
      return
    }
    return super.report(error, ctx)
  }
}
