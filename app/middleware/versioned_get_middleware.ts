import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { digestTag, noneMatches } from '#support/entity_tags'

/**
 * Conditional reads that cost what authentication costs, for lists whose
 * body is a function of the request and the read versions alone (no
 * signed URL, nothing computed from the clock: H1, H2). The tag is a
 * digest of the route, the URL with its query, the caller (user, key,
 * role), the company and the read versions of the company, inbox, user
 * and directory (H1 and H2 read the first; the bodies carry no
 * text in the caller's language), all known
 * once the company context is read. A matching If-None-Match is a 304
 * before the list runs; otherwise the list answers with the same tag. Any
 * change the list could show raises a version, and so the tag. Other
 * reads are tagged by ConditionalGetMiddleware from their body.
 */
export default class VersionedGetMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const versions = ctx.readVersions as HttpContext['readVersions'] | undefined
    if (ctx.request.method() !== 'GET' || !versions) return next()
    const { request, response } = ctx
    const membership = ctx.membership as HttpContext['membership'] | undefined
    const apiKey = ctx.apiKey as HttpContext['apiKey'] | undefined
    const tag = digestTag(
      ctx.route?.name ?? '',
      request.url(true),
      ctx.auth.user?.id ?? '',
      apiKey?.id ?? '',
      membership?.role ?? '',
      ctx.company?.id ?? '',
      versions.company,
      versions.inbox,
      versions.user,
      versions.directory
    )
    const tagged = () => response.header('ETag', tag).header('Cache-Control', 'private, no-cache')
    if (noneMatches(request.header('if-none-match'), tag)) {
      tagged()
      return response.notModified(null)
    }
    await next()
    if (response.getStatus() === 200) tagged()
  }
}
