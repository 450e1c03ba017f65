import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { PartIdsSql } from '#models/queries/contract_part_query'
import { runListStatement, type BuiltQueryPlan } from '#support/prepared_statement'

/** Monthly totals of a set of links (B5-B7, B10) */
export interface MonthRow {
  period: string
  minutes: number
  entries: number
  days: number
  first_day: string
  last_day: string
}

/**
 * The MonthRow of one month's entries (all of them): what queryMonths
 * counts for that month, for a read that holds the entries already (B6, B7).
 * Undefined when there are none, as queryMonths has no row then.
 */
export function monthRowOf(
  period: string,
  entries: { date: DateTime; totalMinutes: number }[]
): MonthRow | undefined {
  if (!entries.length) return undefined
  const dates = entries.map((entry) => entry.date.toISODate()!).sort()
  return {
    period,
    minutes: entries.reduce((sum, entry) => sum + entry.totalMinutes, 0),
    entries: entries.length,
    days: new Set(dates).size,
    first_day: dates[0],
    last_day: dates.at(-1)!,
  }
}

export interface MonthFilters {
  year?: number
  month?: string
  search?: string
  page: number
  pageSize: number
}

/**
 * Months with entries of the given links (a subquery of their ids),
 * newest first, paginated; the search matches the entries' reason or task
 * descriptions. `plan`: the provider's (CompanyMember.providerIdentitiesOf).
 */
export async function queryMonths(parts: PartIdsSql, filters: MonthFilters, plan: BuiltQueryPlan) {
  const where = [`we.contract_part_id IN (${parts.sql})`]
  const bindings: unknown[] = [...parts.bindings]
  if (filters.year) {
    where.push('we.date BETWEEN ? AND ?')
    bindings.push(`${filters.year}-01-01`, `${filters.year}-12-31`)
  }
  if (filters.month) {
    where.push("we.date BETWEEN ?::date AND (?::date + interval '1 month' - interval '1 day')")
    bindings.push(`${filters.month}-01`, `${filters.month}-01`)
  }
  if (filters.search?.trim()) {
    const pattern = `%${filters.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(`(lower(we.reason) LIKE ? OR EXISTS (SELECT 1 FROM work_entry_tasks t
      WHERE t.work_entry_id = we.id AND lower(t.description) LIKE ?))`)
    bindings.push(pattern, pattern)
  }
  const { rows } = await runListStatement(
    db.rawQuery(
      `WITH months AS (
       SELECT to_char(date_trunc('month', we.date), 'YYYY-MM') AS period,
              sum(we.total_minutes)::int AS minutes, count(*)::int AS entries,
              count(DISTINCT we.date)::int AS days,
              to_char(min(we.date), 'YYYY-MM-DD') AS first_day,
              to_char(max(we.date), 'YYYY-MM-DD') AS last_day
       FROM work_entries we WHERE ${where.join(' AND ')}
       GROUP BY 1
     )
     SELECT tc.total, page.* FROM (SELECT count(*)::int AS total FROM months) tc
     LEFT JOIN (SELECT * FROM months ORDER BY period DESC LIMIT ? OFFSET ?) page ON true
     ORDER BY page.period DESC`,
      [...bindings, filters.pageSize, (filters.page - 1) * filters.pageSize]
    ),
    plan
  )
  return {
    rows: (rows as (MonthRow & { total: number })[]).filter((row) => row.period !== null),
    total: (rows[0]?.total as number | undefined) ?? 0,
  }
}
