import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ForbiddenException } from '#exceptions/http_exceptions'
import CompanyMember from '#models/company_member'
import type Company from '#models/company'
import { companyHeader } from '#support/company_header'
import type { ReadVersions } from '#support/read_versions'
import type ApiKey from '#models/api_key'

/**
 * Resolves the request's company from `x-company-id`: the authenticated
 * user must be a member of it, and the membership's role becomes the
 * role of the request. Anything else is 403.
 */
export default class CompanyContextMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { optional?: boolean } = {}) {
    const key = ctx.auth.use('jwt').apiKey
    if (key) return this.#keyContext(ctx, next, key)
    const { named, companyId } = companyHeader(ctx)
    /** `company({ optional: true })`: no header, no context (ctx.membership unset) */
    if (!named && options.optional) return next()
    if (!named) {
      throw new ForbiddenException('errors.company_header_required')
    }
    if (!companyId) {
      throw new ForbiddenException('errors.company_header_invalid')
    }

    const user = ctx.auth.getUserOrFail()
    /** Read by the guard in the same statement as the session (no extra round trip) */
    const prefetched = ctx.auth.use('jwt').membership
    const membership =
      prefetched?.companyId === companyId
        ? prefetched.membership
        : await CompanyMember.query()
            .where('company_id', companyId)
            .where('user_id', user.id)
            .preload('company')
            .first()
    if (!membership) {
      throw new ForbiddenException('errors.not_company_member')
    }

    ctx.membership = membership
    ctx.company = membership.company
    /* Only versions read with the membership, before any list's own statement */
    ctx.readVersions = prefetched?.companyId === companyId ? prefetched.versions : null
    return next()
  }

  /**
   * An API key's company is the key's (`x-company-id` may be left out; one
   * naming another company is 403). Its membership is a stand-in with the
   * admin role for the code that reads a role (the key's permissions gate
   * the routes), never stored.
   */
  #keyContext(
    ctx: HttpContext,
    next: NextFn,
    found: { key: ApiKey; company: Company; versions: ReadVersions }
  ) {
    const { named } = companyHeader(ctx)
    if (named && named !== found.company.id) {
      throw new ForbiddenException('errors.api_key_other_company')
    }
    const membership = new CompanyMember()
    membership.fill({ companyId: found.company.id, userId: found.key.userId, role: 'admin' })
    membership.$setRelated('company', found.company)
    ctx.apiKey = found.key
    ctx.membership = membership
    ctx.company = found.company
    ctx.readVersions = found.versions
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    /** The context company (set by the company middleware) */
    company: Company
    /** The user's membership in the context company: its role is the request's role */
    membership: CompanyMember
    /** The context's read versions (ReadCache); null when not read with the session */
    readVersions: ReadVersions | null
    /** The API key of the request (set by the company middleware), else undefined */
    apiKey?: ApiKey
  }
}
