import { createHash } from 'node:crypto'

/**
 * RFC 9110 13.1.2: `*`, or a list of tags compared weakly (`W/` ignored).
 * The request's Cache-Control plays no part: it speaks to caches, and
 * fetch() adds `no-cache` to every conditional request.
 */
export function noneMatches(header: string | undefined, tag: string) {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = tag.replace(/^W\//, '')
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque)
}

/** A strong entity tag of `parts` (a body, or every input a body is a function of; text as UTF-8) */
export function digestTag(...parts: (string | Buffer)[]) {
  const hash = createHash('sha1')
  for (const part of parts) hash.update(part).update('\u0000')
  return `"${hash.digest('base64').slice(0, 27)}"`
}
