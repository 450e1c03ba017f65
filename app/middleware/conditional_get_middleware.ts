import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { digestTag, noneMatches } from '#support/entity_tags'

/**
 * Tags of the bodies the read cache holds (their bytes, ReadCache.text), by
 * identity: a hit sends the very Buffer it stored, so a repeated list is
 * not digested again, and a tag goes with its body.
 */
const cachedBodyTags = new WeakMap<Buffer, string>()

/**
 * Tags of recent text bodies, by content: a list built again from cached
 * parts (the team, providers, C1: their URLs signed on each read, the same
 * while the signatures hold) is looked up, not digested again.
 */
const recentTextTags = new Map<string, string>()
const RECENT_TEXT_TAGS_MAX = 256

function textTag(content: string) {
  const known = recentTextTags.get(content)
  if (known) return known
  const tag = digestTag(content)
  if (recentTextTags.size >= RECENT_TEXT_TAGS_MAX) {
    recentTextTags.delete(recentTextTags.keys().next().value!)
  }
  recentTextTags.set(content, tag)
  return tag
}

/** A strong entity tag of the serialised body (the same for a text and its UTF-8 bytes) */
function entityTag(content: string | Buffer) {
  if (typeof content === 'string') return textTag(content)
  let tag = cachedBodyTags.get(content)
  if (!tag) cachedBodyTags.set(content, (tag = digestTag(content)))
  return tag
}

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
    /** VersionedGetMiddleware tagged it already, from the read versions */
    if (response.getHeader('etag')) return
    const body = response.getBody()
    if (body === null || body === undefined) return
    if (!response.getHeader('cache-control')) response.header('Cache-Control', 'private, no-cache')
    const tag = entityTag(
      typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body)
    )
    response.header('ETag', tag)
    if (!noneMatches(request.header('if-none-match'), tag)) return
    response.removeHeader('Content-Type')
    response.removeHeader('Content-Length')
    response.notModified(null)
  }
}
