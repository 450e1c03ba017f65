import type { HttpContext } from '@adonisjs/core/http'

/**
 * Answers a public, cacheable JSON body: a strong ETag of the body,
 * `Cache-Control: public, max-age=<seconds>` and 304 (no body) when the
 * client's If-None-Match already names it.
 */
export function sendCacheable({ response }: HttpContext, body: unknown, maxAgeSeconds: number) {
  response.header('Cache-Control', `public, max-age=${maxAgeSeconds}`)
  response.setEtag(JSON.stringify(body))
  if (response.fresh()) return response.notModified()
  return response.ok(body)
}
