import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { toErrorResponse } from '#exceptions/error_response'

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  /** Client errors are expected outcomes, not incidents */
  protected ignoreStatuses = [400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429]

  async handle(error: unknown, ctx: HttpContext) {
    const { status, body, headers } = toErrorResponse(error)
    for (const [name, value] of Object.entries(headers ?? {})) {
      ctx.response.header(name, value)
    }
    return ctx.response.status(status).json(body)
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }
}
