import { hasTrigrams } from '#support/like'
import type { StatementPlan } from '#support/prepared_statement'

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
 * `total: cap` and `totalCapped: true` (its pages stay exact). Ten pages
 * of 20 are exact; counting further costs a broad word what its matches
 * cost (a count to 1000 read 5,000 rows for a word in a fifth of them,
 * 1.6 of a search's 2.4 ms). The walks are sized for `walkedMatches`
 * matches (countWalkRows, pageWalkRows), not for the cap: a scope of up
 * to three times as many rows is read whole, and a page walk covers such
 * a scope, so a count that stops early changes no read. A board column
 * counts up to `columnCap`: fifteen columns each count their own, and a
 * card column shows "100+" as a list shows "200+". A setting object so
 * that tests can lower them (withSearchCap).
 */
export const searchTotals = { cap: 200, walkedMatches: 1000, columnCap: 100 }

/**
 * How many rows of a list's own order a search reads before it leaves the
 * page or the count to the trigram index: a search that matches one row in
 * WALK_FACTOR finds its page and its capped count within the walk.
 */
const WALK_FACTOR = 3

/**
 * The rows walked to tell whether a search has more than `searchTotals.cap`
 * matches (the walk stops at the cap + 1 matches), and the most rows of a
 * scope that is read whole
 */
export const countWalkRows = () => WALK_FACTOR * (searchTotals.walkedMatches + 1)

/** The first rows of the count walk read before it (see walksPastCapSql) */
const SAMPLE_ROWS = 200

/** The rows of the sample that precedes the count walk */
export const sampleWalkRows = () => Math.min(SAMPLE_ROWS, countWalkRows())

/** The SQL count of a search's matches among the first `rows` of one order (stopping past the cap) */
export type WalkHits = (rows: number) => string

/**
 * Whether a search matches more than the cap within the count walk, from
 * one or more ends of an order (`ends`, tried in turn): each `walkHits(rows)`
 * is the SQL count of its matches among the first `rows` of its order
 * (stopping past the cap). The whole walk costs 1-3 ms (a LIKE on every
 * row); a search matching less than a quarter of an end's first
 * SAMPLE_ROWS rows could hardly reach the third the walk needs there, so
 * that end is not walked (exact either way; only the cost differs: a
 * selective word pays 0.1 ms samples, not a 1.7 ms walk). A count's order
 * is free: over an order writes gather at one end of (newest change
 * first), both ends are given, the oldest first (a batch of recent edits
 * hid a word in 85% of a company's contracts from a sample of the newest
 * end; a word only the latest rows have is missing from the oldest).
 * `covered`: the walks read an index that holds the searched fields
 * (index-only, a tenth of the cost per row), so a sample with an eighth of
 * matches walks `coveredCountWalkRows()` (it stops at the cap: a word in a
 * fifth of the rows reads about 1,000), not the trigram index
 * (which decodes every candidate of the word: 15 ms for one in 36,000
 * names, then the cap's rows rechecked).
 */
export function walksPastCapSql(ends: WalkHits[], { covered = false } = {}) {
  const sample = sampleWalkRows()
  const dense = (index: number, share: number) => `sampled${index}.hits * ${share} >= ${sample}`
  /** Each end's sample, read once, and only when no end before it is dense */
  const sampled = ends.map((walkHits, index) => {
    const before = ends.slice(0, index).map((_, earlier) => dense(earlier, 4))
    const hits = before.length
      ? `CASE WHEN ${before.join(' OR ')} THEN NULL ELSE ${walkHits(sample)} END`
      : walkHits(sample)
    return `${index ? 'CROSS JOIN LATERAL ' : ''}(SELECT ${hits} AS hits OFFSET 0) sampled${index}`
  })
  const walks = (share: number, rows: number) =>
    ends.map(
      (walkHits, index) => `WHEN ${dense(index, share)}
               THEN ${walkHits(rows)} > ${searchTotals.cap}`
    )
  const tried = [...walks(4, countWalkRows()), ...(covered ? walks(8, coveredCountWalkRows()) : [])]
  return `(SELECT CASE ${tried.join('\n               ')} ELSE false END
             FROM ${sampled.join('\n             ')})`
}

/**
 * The scope condition (`scope`, SQL) of a read of a search's matches for
 * `term`: when the term has trigrams, written so that no index but the
 * trigram one can serve the read (`IS TRUE`: a row out of the scope is
 * still left out), so a prepared statement's generic plan reads the word's
 * rows alone whatever the scope's size (with a usable scope condition it
 * read them through a BitmapAnd with the whole company's index: 58-70 ms
 * for a word in 38,000 names); a term without a trigram ("57") leaves the
 * scope's index to narrow the rows (a trigram read of it reads the whole
 * index), and its statement is planned on each run (searchPlan).
 */
export const matchesScopeSql = (scope: string, term: string) =>
  hasTrigrams(term) ? `(${scope}) IS TRUE` : scope

/**
 * How a list's statement is planned (StatementPlan) for its search term:
 * on each run when the term has no trigram (it decides the plan); else, a
 * word with trigrams or no term, on its generic plan (a bounded search is
 * written not to depend on the word, matchesScopeSql).
 */
export function searchPlan(term?: string): StatementPlan {
  return term?.trim() && !hasTrigrams(term) ? 'each run' : 'generic'
}

/**
 * The matches of a bounded search read by the scope's size (`scopeSize`,
 * SQL of its row count), as the union of two `SELECT ... WHERE ...` texts
 * of the same columns, only one of which runs: `whole`, the scope's first
 * `countWalkRows()` rows down its index with the search as a filter, when
 * the scope has no more (it reads them all: 1-2 ms at most, whatever the
 * word), else `trigram`, a read through the trigram index alone. The
 * trigram index holds every scope's rows: for a small scope a common word's
 * read rechecked 38,000 other rows to find its 100 (60 ms).
 */
export function matchesByScopeSizeSql(scopeSize: string, whole: string, trigram: string) {
  const small = `${scopeSize} <= ${countWalkRows()}`
  return `${whole} AND ${small}
           UNION ALL
           ${trigram} AND NOT ${small}`
}

/** The rows walked to find the page ending at row `end` of the matches */
export const pageWalkRows = (end: number) =>
  WALK_FACTOR * Math.max(searchTotals.walkedMatches + 1, end)

/**
 * How much deeper a walk down a covering index goes (index-only: about a
 * tenth of the cost per row of a walk that reads the table)
 */
const COVERED_WALK_FACTOR = 10

/**
 * The rows a capped search walks for its page down an index that covers
 * its fields: matches behind a batch of recent edits at the front of the
 * order are met there, not read through the trigram index and sorted.
 */
export const coveredPageWalkRows = (end: number) => COVERED_WALK_FACTOR * pageWalkRows(end)

/** The rows a count walk reads down an index that covers the searched fields (walksPastCapSql) */
const coveredCountWalkRows = () => COVERED_WALK_FACTOR * countWalkRows()

/**
 * The first CTEs of a bounded search: `dense` (`walksPastCap`, SQL that
 * says the walk met more than the cap), `matches` (up to the cap + 1 rows
 * of `matchesSql`, only when not dense: the count and the page share them)
 * and `counted` (`total`, `capped`). `scopeSize` (SQL of the scope's row
 * count) skips the walks of a scope of at most `countWalkRows()` rows:
 * `matchesSql` reads such a scope whole (matchesByScopeSizeSql), up to
 * the cap + 1 matches, which settles the count as exactly (the walks'
 * samples were half of a 503-contract company's search, 0.47 of 0.89 ms).
 */
export function searchMatchesAndCountSql(
  walksPastCap: string,
  matchesSql: string,
  scopeSize: string
) {
  const { cap } = searchTotals
  return `dense AS MATERIALIZED (
         SELECT CASE WHEN ${scopeSize} <= ${countWalkRows()} THEN false ELSE ${walksPastCap} END AS yes),
       matches AS MATERIALIZED (
         SELECT * FROM (${matchesSql} AND NOT (SELECT yes FROM dense) OFFSET 0) matches
          LIMIT ${cap + 1}),
       counted AS MATERIALIZED (
         SELECT least(found, ${cap}) AS total, found > ${cap} AS capped
           FROM (SELECT CASE WHEN (SELECT yes FROM dense) THEN ${cap + 1}
                             ELSE (SELECT count(*)::int FROM matches) END AS found
                 OFFSET 0) f)`
}

/** `count(*)` of a FROM ... WHERE ... (the text after SELECT 1), stopping at `cap` + 1 */
export const cappedCountSql = (fromWhere: string, cap = searchTotals.cap) =>
  `(SELECT count(*)::int FROM (SELECT 1 FROM ${fromWhere} LIMIT ${cap + 1}) capped)`

/** The `meta` text a capped total adds after `totalPages` (nothing when the total is exact) */
export const totalCappedSql = (capped: string) =>
  `CASE WHEN ${capped} THEN ',"totalCapped":true' ELSE '' END`

/**
 * `LIMIT n OFFSET m` for a prepared statement: the page size a literal (a
 * validated integer: the plan knows the page is small, one text per size)
 * and the offset a bound value read through a sub-select. An OFFSET
 * binding made PostgreSQL cost its generic plan as if a tenth of the rows
 * were skipped, so it planned every request anew (0.5-0.7 ms, more than a
 * page's execution); through a sub-select the generic and the custom plans
 * cost the same and the generic one is kept after five runs.
 */
export function pageWindowSql(limit: number, offset = ':offset') {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Invalid page size: ${limit}`)
  return `LIMIT ${limit} OFFSET (SELECT CAST(${offset} AS bigint))`
}
