import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type * as abilities from '#abilities/main'

type RoleAbility = keyof typeof abilities

/**
 * Guards a group of routes with a role ability (runs after the company
 * middleware): `middleware.role({ ability: 'borrowerSide' })`.
 */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { ability: RoleAbility }) {
    await ctx.bouncer.authorize(options.ability, ctx.membership)
    return next()
  }
}
