import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { runAudited } from '#services/platform/audit_context'

/**
 * Makes the request the actor of the transactions its writes open: they
 * set it for the audit triggers (app/services/platform/audit_context.ts).
 */
export default class AuditContextMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    return runAudited(ctx, next)
  }
}
