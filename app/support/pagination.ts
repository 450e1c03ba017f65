/**
 * The page count of every paginated list: `max(ceil(total / size), 1)`, so
 * an empty list is one empty page (as Lucid's paginator counts), and a page
 * past the end is an empty page with the same totals.
 */
export const totalPages = (total: number, size: number) => Math.max(Math.ceil(total / size), 1)

/** The same rule in SQL, for the lists whose JSON PostgreSQL writes (bindings or columns) */
export const totalPagesSql = (total: string, size: string) =>
  `greatest(ceil(${total} / CAST(${size} AS numeric)), 1)::int`
