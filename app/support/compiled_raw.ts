/** What `compileRaw` reads of a Knex raw query (a query builder's `knexQuery`) */
export interface KnexRaw {
  sql: string
  bindings?: unknown
  _wrappedBefore?: string
  _wrappedAfter?: string
  client: { raw(sql: string, bindings: unknown): KnexRaw }
  toSQL(): { toNative(): Native }
}

/** The driver's text (`$1`, `$2`, ...) and its values, as Knex compiles a raw query */
export interface Native {
  sql: string
  bindings: readonly unknown[]
}

/** How a text compiles: the driver's text and, for named bindings, the name of each value in order */
interface Compilation {
  text: string
  names: string[] | null
}

/**
 * Compilations by text, then by the names of its values (`?` for positional
 * values), `false` for a text Knex must compile each time. Two levels, not
 * one key of both: a text is built anew on each request, and a key made of
 * it was a third pass over its 10-20 KB (joined, then hashed) before the
 * look-up's own.
 */
const compilations = new Map<string, Map<string, Compilation | false>>()
const COMPILATIONS_MAX = 1000

/** A value Knex writes into the text (a query, a raw, a callback) or refuses (undefined) */
const notPlain = (value: unknown) =>
  value === undefined ||
  typeof value === 'function' ||
  (typeof value === 'object' && value !== null && 'toSQL' in value)

/** The marker a named value is replaced by while its text's compilation is learnt (a string: plain to Knex) */
const MARK = '\u0000'

function learn(raw: KnexRaw, names: string[] | null): Compilation | false {
  if (!names) {
    const native = raw.toSQL().toNative()
    const values = raw.bindings as unknown[]
    /* `??` (an identifier) takes a value into the text: not one value per `?` */
    const plain =
      native.bindings.length === values.length &&
      native.bindings.every((value, index) => value === values[index])
    return plain && { text: native.sql, names: null }
  }
  const markers = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`]))
  const native = raw.client.raw(raw.sql, markers).toSQL().toNative()
  const order = native.bindings.map((value) =>
    typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : undefined
  )
  /* `:name:` (an identifier) writes its value into the text */
  const plain = order.every((name) => name !== undefined) && !native.sql.includes(MARK)
  return plain && { text: native.sql, names: order as string[] }
}

/**
 * `raw.toSQL().toNative()`, the text's compilation learnt once: Knex finds
 * the `:name` or `?` placeholders of a raw query's text with a regular
 * expression on each compilation, and the list statements are texts of
 * 10-20 KB compiled on every request (2-2.5% of the API's CPU in the mixed
 * bench). A text whose values are all plain (no query, raw or callback
 * Knex would write into it) compiles the same way each time: to the same
 * driver text, its values in the same order. Anything else, and the first
 * run of a text, is compiled by Knex.
 */
export function compileRaw(raw: KnexRaw): Native {
  const { bindings } = raw
  const named = typeof bindings === 'object' && bindings !== null && !Array.isArray(bindings)
  const values = named
    ? Object.values(bindings)
    : Array.isArray(bindings)
      ? (bindings as unknown[])
      : null
  if (!values || raw._wrappedBefore || raw._wrappedAfter || values.some(notPlain)) {
    return raw.toSQL().toNative()
  }
  const names = named ? Object.keys(bindings) : null
  const namesKey = names ? `:${names.join(',')}` : '?'
  let ofText = compilations.get(raw.sql)
  let compilation = ofText?.get(namesKey)
  if (compilation === undefined) {
    compilation = learn(raw, names)
    if (!ofText) {
      if (compilations.size >= COMPILATIONS_MAX) compilations.clear()
      ofText = new Map()
      compilations.set(raw.sql, ofText)
    }
    ofText.set(namesKey, compilation)
  }
  if (!compilation) return raw.toSQL().toNative()
  const byName = bindings as Record<string, unknown>
  return {
    /** The same string each run: the statement's name is found by a hash V8 computed once */
    sql: compilation.text,
    bindings: compilation.names ? compilation.names.map((name) => byName[name]) : values,
  }
}
