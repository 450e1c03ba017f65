import type { HttpContext } from '@adonisjs/core/http'
import { UUID_V4 } from '#support/uuid'

/** What `x-company-id` names: the trimmed header, and the id when it is one */
export interface CompanyHeader {
  /** The trimmed header value; undefined or '' when it is left out */
  named: string | undefined
  /** The company id, when `named` is a UUID v4; else null */
  companyId: string | null
}

const parsed = new WeakMap<HttpContext, CompanyHeader>()

/**
 * The company the request names (`x-company-id`), parsed once per request:
 * the auth guard reads the membership in it with the session, the company
 * middleware resolves the context from the same value.
 */
export function companyHeader(ctx: HttpContext): CompanyHeader {
  let header = parsed.get(ctx)
  if (!header) {
    const named = ctx.request.header('x-company-id')?.trim()
    header = { named, companyId: named && UUID_V4.test(named) ? named : null }
    parsed.set(ctx, header)
  }
  return header
}
