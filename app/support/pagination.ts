/**
 * The page count of every paginated list: `max(ceil(total / size), 1)`, so
 * an empty list is one empty page (as Lucid's paginator counts), and a page
 * past the end is an empty page with the same totals.
 */
export const totalPages = (total: number, size: number) => Math.max(Math.ceil(total / size), 1)

/** The same rule in SQL, for the lists whose JSON PostgreSQL writes (bindings or columns) */
export const totalPagesSql = (total: string, size: string) =>
  `greatest(ceil(${total} / CAST(${size} AS numeric)), 1)::int`

/**
 * A search counts its matches exactly up to `cap`; past it the list says
 * `total: cap` and `totalCapped: true` (its pages stay exact). A setting
 * object so that tests can lower it.
 */
export const searchTotals = { cap: 1000 }

/**
 * How many rows of a list's own order a search reads before it leaves the
 * page or the count to the trigram index: a search that matches one row in
 * WALK_FACTOR finds its page and its capped count within the walk.
 */
const WALK_FACTOR = 3

/** The rows walked to tell whether a search has more than `searchTotals.cap` matches */
export const countWalkRows = () => WALK_FACTOR * (searchTotals.cap + 1)

/** The rows walked to find the page ending at row `end` of the matches */
export const pageWalkRows = (end: number) => WALK_FACTOR * Math.max(searchTotals.cap + 1, end)

/** `count(*)` of a FROM ... WHERE ... (the text after SELECT 1), stopping at `searchTotals.cap` + 1 */
export const cappedCountSql = (fromWhere: string) =>
  `(SELECT count(*)::int FROM (SELECT 1 FROM ${fromWhere} LIMIT ${searchTotals.cap + 1}) capped)`

/** The `meta` text a capped total adds after `totalPages` (nothing when the total is exact) */
export const totalCappedSql = (capped: string) =>
  `CASE WHEN ${capped} THEN ',"totalCapped":true' ELSE '' END`
