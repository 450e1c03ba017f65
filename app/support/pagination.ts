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
