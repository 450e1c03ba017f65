import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { RoleForbiddenException } from '#exceptions/http_exceptions'
import { MEMBER, allows, keyAllows } from '#support/permissions'
import { declaredGate } from '#support/route_gates'

/**
 * The role gate of every company-scoped route (after the company
 * middleware): the gate the route declares (`.gate(...)` in
 * start/routes/*), found by route name, must allow the role of the
 * request's membership. A route that declares none is denied, so a new
 * route cannot forget its gate. The only request without a membership
 * here is one without `x-company-id` on a route whose company context is
 * optional, and only a MEMBER route lets it through (it answers for the
 * user alone). An API key request passes on the key's own permissions
 * instead of a role.
 */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const gate = declaredGate(ctx.route?.name)?.gate
    const membership = ctx.membership as HttpContext['membership'] | undefined
    const key = ctx.apiKey as HttpContext['apiKey'] | undefined
    const allowed = key
      ? keyAllows(key.permissions, gate)
      : membership
        ? allows(membership.role, gate)
        : gate === MEMBER
    if (!allowed) throw new RoleForbiddenException('errors.access_denied')
    return next()
  }
}
