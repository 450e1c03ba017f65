import vine from '@vinejs/vine'

/**
 * Highest page a list accepts. Past the last page a list is empty anyway;
 * the bound keeps `(page - 1) * size` an exact integer that PostgreSQL takes
 * as OFFSET (1e20 passed `withoutDecimals` and reached the query).
 */
export const MAX_PAGE = 1_000_000

/** Years the lists filter on: calendar data of the service, not any integer */
export const YEAR_RANGE: [number, number] = [2000, 2100]

/** `page` of every paginated list */
export const pageField = () => vine.number().withoutDecimals().range([1, MAX_PAGE]).optional()

/** `perPage` / `pageSize` of a list, at most `max` */
export const pageSizeField = (max: number) =>
  vine.number().withoutDecimals().range([1, max]).optional()

/** `year` filter of a list */
export const yearField = () => vine.number().withoutDecimals().range(YEAR_RANGE).optional()

/** `month` filter of a list */
export const monthField = () => vine.number().withoutDecimals().range([1, 12]).optional()
