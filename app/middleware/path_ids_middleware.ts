import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { NotFoundException } from '#exceptions/http_exceptions'
import { UUID_V4 } from '#support/uuid'

export interface PathIdsOptions {
  /** The route params that are record ids (a param the route lacks is skipped) */
  names: string[]
  /** The 404 message; the resource's own where a route has one */
  message?: string
}

/**
 * The one check of ids in paths: each named param must be a UUID v4, else
 * the route answers 404, as for an unknown id (a malformed id names no
 * record). It runs after auth, company and role, so 401 and 403 come first
 * exactly as for a well-formed id, and the database never sees a malformed
 * one. Valid ids are lowercased, so code comparing them as strings agrees
 * with PostgreSQL.
 */
export default class PathIdsMiddleware {
  handle(ctx: HttpContext, next: NextFn, options: PathIdsOptions) {
    for (const name of options.names) {
      const value = ctx.params[name]
      if (value === undefined) continue
      if (typeof value !== 'string' || !UUID_V4.test(value)) {
        throw new NotFoundException(options.message ?? 'errors.resource_not_found')
      }
      ctx.params[name] = value.toLowerCase()
    }
    return next()
  }
}
