import env from '#start/env'
import { readCacheLookups as lookups } from '#services/platform/metrics'
import type { ReadScope, ReadVersions } from '#support/read_versions'
import { nowMillis } from '#services/platform/clock'

interface Entry {
  stamp: string
  value: unknown
  bytes: number
  /** Epoch ms after which the value no longer holds (time-dependent reads), or Infinity */
  validUntil: number
}

export interface CachedRead<Value> {
  value: Value
  /** Epoch ms at which the value stops being what a new read would give (default: never) */
  validUntil?: number
  /** The value's size in bytes, counted against the cache's bound (default: 1 KiB) */
  bytes?: number
}

/**
 * The hot lists' bodies, per process, bounded in bytes (least recently
 * used first out; READ_CACHE_MAX_MB, 0 turns it off). An entry is served
 * only while the request's read versions of the scopes it depends on are
 * those it was read under, and its time has not run out: the versions are
 * read in the request's authentication statement, before the body's own
 * statement, and every change of a scope raises its version in the
 * change's transaction (migration 1764300010001). So a body is never
 * older than the versions the request read: a client sees its own writes
 * and every write committed before its request, as without the cache
 * (building the JSON of a list page was most of PostgreSQL's work
 * per request; the same page is read again and again between changes).
 */
export class ReadCache {
  #entries = new Map<string, Entry>()
  #bytes = 0

  constructor(private maxBytes: number) {}

  /**
   * The value of `read` for `key` (which must name every input of the
   * read: its list, company, user, filters), from the cache while the
   * `scopes` of `versions` are unchanged, else read and kept. Without
   * versions (no company context read with the session), or without the
   * version of one of its scopes, it only reads.
   */
  async remember<Value>(
    key: string,
    versions: ReadVersions | null | undefined,
    scopes: readonly ReadScope[],
    now: number,
    read: () => Promise<CachedRead<Value>>
  ): Promise<Value> {
    const name = key.slice(0, key.indexOf('|'))
    if (!versions || this.maxBytes <= 0 || scopes.some((scope) => versions[scope] === undefined)) {
      lookups.inc({ read: name, result: 'bypass' })
      const { value } = await read()
      return value
    }
    const stamp = scopes.map((scope) => versions[scope]).join('.')
    const entry = this.#entries.get(key)
    if (entry && entry.stamp === stamp && now < entry.validUntil) {
      /* Most recently used last */
      this.#entries.delete(key)
      this.#entries.set(key, entry)
      lookups.inc({ read: name, result: 'hit' })
      return entry.value as Value
    }
    lookups.inc({ read: name, result: entry ? 'stale' : 'miss' })
    const result = await read()
    this.#store(key, {
      stamp,
      value: result.value,
      bytes: result.bytes ?? 1024,
      validUntil: result.validUntil ?? Number.POSITIVE_INFINITY,
    })
    return result.value
  }

  /** remember() for a value that holds whatever the time (its read gives no `validUntil`) */
  lasting<Value>(
    key: string,
    versions: ReadVersions | null | undefined,
    scopes: readonly ReadScope[],
    read: () => Promise<Omit<CachedRead<Value>, 'validUntil'>>
  ): Promise<Value> {
    return this.remember(key, versions, scopes, nowMillis(), read)
  }

  /**
   * lasting() for a JSON text body (most lists), kept as its UTF-8 bytes:
   * encoded once, each hit sends them as they are. Kept as a string, a
   * list's 10-30 KB were measured and encoded again on every send (Node's
   * UTF-8 writing of response bodies was 7% of the API's CPU in the mix).
   */
  text(
    key: string,
    versions: ReadVersions | null | undefined,
    scopes: readonly ReadScope[],
    read: () => Promise<string>
  ): Promise<Buffer> {
    return this.lasting(key, versions, scopes, async () => {
      const body = Buffer.from(await read())
      return { value: body, bytes: body.length }
    })
  }

  #store(key: string, entry: Entry) {
    this.#drop(key)
    if (entry.bytes > this.maxBytes) return
    this.#entries.set(key, entry)
    this.#bytes += entry.bytes
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break
      this.#drop(oldest)
    }
  }

  #drop(key: string) {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }

  /** Whether it keeps anything (READ_CACHE_MAX_MB above 0): a read may skip what only a lookup needs */
  get enabled() {
    return this.maxBytes > 0
  }

  /** Entries and bytes held (tests, metrics) */
  get size() {
    return { entries: this.#entries.size, bytes: this.#bytes }
  }

  clear() {
    this.#entries.clear()
    this.#bytes = 0
  }
}

/**
 * A cache key: the read's name, then every input its value depends on
 * (ids, the validated filters, the time periods it reads), objects with
 * their keys sorted (the same filters in another order are the same read).
 */
export function readCacheKey(read: string, inputs: unknown[]) {
  return `${read}|${JSON.stringify(inputs, sortedKeys)}`
}

function sortedKeys(_key: string, value: unknown) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  const entries = Object.entries(value as Record<string, unknown>)
  /** An object's keys are never equal: "before" or "after" is the whole order */
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)))
}

/** A string's size in bytes as the cache counts it (UTF-16 in memory) */
export function textBytes(text: string) {
  return text.length * 2 + 64
}

const readCache = new ReadCache((env.get('READ_CACHE_MAX_MB') ?? 64) * 1024 * 1024)
export default readCache
