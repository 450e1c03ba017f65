import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Conditional reads of the company-scoped GETs (the lists and details the
 * read cache covers): a 200 gets a strong ETag of its body, and a request
 * whose If-None-Match names it gets 304 without a body. The tag is the
 * body's own digest, so it changes with anything that changes the body
 * (the data, under its read versions; the filters; the caller; the signed
 * URLs it holds, re-signed when they near expiry), and a 304 only ever
 * confirms the copy a 200 would send again (docs/decisions.md).
 * `Cache-Control: private, no-cache`: revalidate each time, never in a
 * shared cache.
 */
export default class ConditionalGetMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await next()
    const { request, response } = ctx
    if (request.method() !== 'GET' || response.getStatus() !== 200) return
    if (!(ctx.readVersions as HttpContext['readVersions'] | undefined)) return
    const body = response.getBody()
    if (body === null || body === undefined) return
    if (!response.getHeader('cache-control')) response.header('Cache-Control', 'private, no-cache')
    /* Sent again with ETag generation: Adonis tags the serialised body and answers 304 when fresh */
    response.send(body, true)
  }
}
