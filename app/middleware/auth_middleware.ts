import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { RoleForbiddenException, UnauthorizedException } from '#exceptions/http_exceptions'
import { keyMayUse } from '#support/permissions'
import { declaredGate } from '#support/route_gates'

/**
 * Requires a valid access token or API key (401 otherwise). A key reaches
 * only company routes gated by a permission: a route that declares no gate
 * (profile, password, sessions: outside the company context) answers it
 * 401, as a credential it does not take; a company route it may never use
 * (a MEMBER gate like the inbox, or people-only like key management) 403.
 */
export default class AuthMiddleware {
  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[] } = {}
  ) {
    await ctx.auth.authenticateUsing(options.guards)
    const declared = declaredGate(ctx.route?.name)
    if (ctx.auth.use('jwt').apiKey && !keyMayUse(declared)) {
      if (!declared) {
        throw new UnauthorizedException('errors.api_key_not_accepted')
      }
      throw new RoleForbiddenException('errors.api_key_forbidden_route')
    }
    return next()
  }
}
