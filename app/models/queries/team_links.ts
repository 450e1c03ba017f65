import db from '@adonisjs/lucid/services/db'
import { runListStatement } from '#support/prepared_statement'
import { LOGO_PLACEHOLDER_SQL } from '#support/logo_placeholder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { HoursPeriods } from '#support/hours'
import { stripDocument } from '#support/documents'
import { escapeLike } from '#support/like'
import { jsonArraySql } from '#support/json_text'
import {
  cappedCountSql,
  countWalkRows,
  matchesByScopeSizeSql,
  matchesScopeSql,
  pageWalkRows,
  pageWindowSql,
  searchPlan,
  searchMatchesAndCountSql,
  walksPastCapSql,
} from '#support/pagination'

/**
 * Whose links are listed: a borrower's providers (team, providers list)
 * or the borrowers of a provider company / natural person (clients).
 */
export type TeamLinkScope =
  { borrowerId: string } | { providerCompanyId: string } | { providerUserId: string }

export interface TeamLinkFilters {
  search?: string
  isActive?: boolean
  /** One link (E3) */
  partId?: string
  /** The provider links of one contract (H10) */
  contractId?: string
  /** The links of one provider: its company id or user id (E2, E5, E6) */
  memberId?: string
  page: number
  pageSize: number
}

/** One link with its counterpart, its contract and its hour totals */
export interface TeamLinkRow {
  part_id: string
  company_id: string | null
  user_id: string | null
  is_active: boolean
  part_created_at: Date
  part_updated_at: Date
  contract_id: string
  contract_name: string
  contract_status: string
  borrower_id: string
  co_id: string | null
  co_name: string | null
  co_trade_name: string | null
  co_document: string | null
  co_email: string | null
  co_phone: string | null
  co_logo: string | null
  u_id: string | null
  u_name: string | null
  u_email: string | null
  u_phone: string | null
  u_avatar: string | null
  u_cpf: string | null
  week_minutes: number
  month_minutes: number
  last_date: string | null
}

export interface TeamLinkPage {
  rows: TeamLinkRow[]
  total: number
}

/** `%term%` for LIKE, with the wildcards of the term escaped */
function contains(term: string) {
  return `%${escapeLike(term)}%`
}

const COMPANY_MATCH =
  'SELECT id FROM companies WHERE lower(name) LIKE ? OR lower(trade_name) LIKE ? OR document LIKE ?'

/**
 * The team's search runs on the link's own `link_search` (names, e-mails
 * and documents of the counterpart, one trigram index); the document
 * pattern (the term without punctuation) is added when it holds a digit.
 * Clients match the borrower company through the companies' indexes.
 */
function searchClause(scope: TeamLinkScope, search: string): [string, unknown[]] {
  if (!('borrowerId' in scope)) {
    const text = contains(search.trim().toLowerCase())
    const document = stripDocument(search)
    const pattern = document ? contains(document) : null
    return [`c.company_id IN (${COMPANY_MATCH})`, [text, text, pattern]]
  }
  const terms = linkSearchTerms(search)
  return terms.length === 2
    ? ['(cp.link_search LIKE ? OR cp.link_search LIKE ?)', terms.map(contains)]
    : ['cp.link_search LIKE ?', terms.map(contains)]
}

/**
 * What a borrower's search looks for in `link_search`: the lowercase term,
 * and the term without punctuation when it holds a digit (a document typed
 * with or without its dots) and differs
 */
function linkSearchTerms(search: string): [string] | [string, string] {
  const text = search.trim().toLowerCase()
  const stripped = stripDocument(search).toLowerCase()
  return /\d/.test(stripped) && stripped !== text ? [text, stripped] : [text]
}

/**
 * Whose links: the borrower's are the parts whose `counterparty_of` is it
 * (the perspective is settled there, see the migration); a provider's are
 * its PROVIDER parts that are some borrower's counterparty, never the own
 * part of a company that contracts as provider.
 */
function scopeClause(scope: TeamLinkScope): [string, unknown[]] {
  if ('borrowerId' in scope) return ['cp.counterparty_of = ?', [scope.borrowerId]]
  const party = 'providerCompanyId' in scope ? 'cp.company_id' : 'cp.user_id'
  const id = 'providerCompanyId' in scope ? scope.providerCompanyId : scope.providerUserId
  return [`${party} = ? AND cp.counterparty_of IS NOT NULL AND cp.role = 'PROVIDER'`, [id]]
}

/** Whether the total is a count of the filtered links (not the borrower's kept counter) */
function countsRows(scope: TeamLinkScope, filters: TeamLinkFilters) {
  const narrowed =
    filters.search?.trim() || filters.partId || filters.contractId || filters.memberId
  return !('borrowerId' in scope) || !!narrowed
}

/**
 * The total of the filtered links: the borrower's trigger-kept counter
 * when only `isActive` filters (one primary-key read), else a count of
 * the filtered set (a search is bounded by its trigram matches, the other
 * filters by a member, a contract or a link).
 */
function totalSql(
  scope: TeamLinkScope,
  filters: TeamLinkFilters,
  from: string,
  where: string,
  bindings: unknown[]
): [string, unknown[]] {
  if ('borrowerId' in scope && !countsRows(scope, filters)) {
    const column =
      filters.isActive === undefined ? 'total' : filters.isActive ? 'active' : 'total - active'
    return [
      `coalesce((SELECT ${column} FROM company_link_counters WHERE company_id = ?), 0)`,
      [scope.borrowerId],
    ]
  }
  return [`(SELECT count(*)::int FROM ${from} WHERE ${where})`, bindings]
}

/**
 * The links of a scope, filtered, sorted by the counterpart's name and
 * paginated, with the week/month totals and the last entry computed in
 * the same statement: the page is cut first, then each of its rows reads
 * only the current week/month of its link through the (contract_part_id,
 * date) index. One query for any page size.
 */
export async function queryTeamLinks(
  scope: TeamLinkScope,
  filters: TeamLinkFilters,
  periods: HoursPeriods,
  trx?: TransactionClientContract
): Promise<TeamLinkPage> {
  const { sql, bindings } = teamLinksSql(scope, filters, periods)
  const result = await (trx ?? db).rawQuery(sql, bindings)
  const rows = result.rows as (TeamLinkRow & { total: number })[]
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.filter((row) => row.part_id !== null),
  }
}

/** The columns of a borrower's page of links, before its contracts are read */
const CUT_COLUMNS = `cp.id AS part_id, cp.company_id, cp.user_id, cp.is_active,
  cp.created_at AS part_created_at, cp.updated_at AS part_updated_at,
  cp.contract_id AS part_contract_id, cp.link_name AS sort_name`

/**
 * `holding`, the CTE of the first name of the borrower's name order from
 * which a link may hold the search's term (or its document form): the first
 * range (link_search_buckets) whose bits hold every piece of it. No link
 * before it matches, so a walk down the name order starts there: a common
 * word whose links all sort after many others is met at once, not after a
 * walk that ends before them. NULL when no range holds it (nothing matches).
 */
function holdingSql(borrowerId: unknown, search: string): [string, unknown[]] {
  const terms = linkSearchTerms(search)
  const holds = terms.map(() => 'b.bits | (SELECT link_search_bits(?)) = b.bits').join(' OR ')
  return [
    `holding AS MATERIALIZED (
       SELECT (SELECT b.name_from FROM link_search_buckets b
                WHERE b.borrower_id = ? AND (${holds})
                ORDER BY b.name_from LIMIT 1) AS name_from)`,
    [borrowerId, ...terms],
  ]
}

/**
 * A borrower's search as CTEs: `counted` (total, capped) and `cut` (the
 * page of links), neither reading every match (a word in every link's
 * search text matches them all):
 * - the walks below start at the first link that may hold the term
 *   (`holding`, holdingSql), not at the first link;
 * - a borrower of at most `countWalkRows()` links is read whole, once:
 *   up to the cap + 1 matches (`matches`, for the count and the page);
 * - a larger one's count walks its first `countWalkRows()` links in name
 *   order: more than the cap there settles it, else up to the cap + 1
 *   matches are read through the trigram index alone
 *   (matchesByScopeSizeSql: the statement is prepared, and a generic plan
 *   cannot choose per borrower);
 * - at most the cap matches: those matches sorted; more: the links
 *   in name order (contract_parts_links_sort) until the page is full,
 *   within `pageWalkRows()` links, else the trigram index and a sort.
 * The trigram read is fenced (OFFSET 0): left to the outer ORDER BY, the
 * planner walked the whole name order for a word whose 21,560 links all
 * sort after 185,000 others (289 ms; through the matches, 36 ms).
 */
function boundedSearchCut(
  scope: [string, unknown[]],
  conditions: [string, unknown[]],
  search: string,
  { pageSize, offset }: { pageSize: number; offset: number }
): [string, unknown[]] {
  const [scopeSql, scopeBindings] = scope
  const [matchSql, matchBindings] = conditions
  /** The borrower's matching links in a read of the matches (matchesScopeSql; the partial indexes' predicate) */
  const trigramRead = `cp.counterparty_of IS NOT NULL AND ${matchesScopeSql(scopeSql, search)} AND ${matchSql}`
  const trigramBindings = [...scopeBindings, ...matchBindings]
  /** The first `rows` links in name order from the first that may hold the term (`holding`) */
  const walk = (rows: number) =>
    `(SELECT * FROM contract_parts cp
       WHERE ${scopeSql} AND cp.link_name >= (SELECT name_from FROM holding)
       ORDER BY cp.link_name, cp.id LIMIT ${rows}) cp`
  const linkCount = 'coalesce((SELECT total FROM company_link_counters WHERE company_id = ?), 0)'
  const borrowerId = scopeBindings.slice(0, 1)
  const pageWalk = pageWalkRows(offset + pageSize)
  const paging = pageWindowSql(pageSize, '?')
  const [holding, holdingBindings] = holdingSql(scopeBindings[0], search)
  return [
    `${holding},
     ${searchMatchesAndCountSql(
       walksPastCapSql([(rows) => cappedCountSql(`${walk(rows)} WHERE ${matchSql}`)]),
       `SELECT * FROM (${matchesByScopeSizeSql(
         linkCount,
         `SELECT ${CUT_COLUMNS} FROM ${walk(countWalkRows())} WHERE ${matchSql}`,
         `SELECT ${CUT_COLUMNS} FROM contract_parts cp WHERE ${trigramRead}`
       )}) matches WHERE true`,
       linkCount
     )},
     walked AS MATERIALIZED (
       SELECT ${CUT_COLUMNS} FROM ${walk(pageWalk)}
        WHERE ${matchSql} AND (SELECT capped FROM counted)
        ORDER BY cp.link_name, cp.id ${paging}),
     walk_fills AS (
       SELECT (SELECT capped FROM counted)
              AND ((SELECT count(*) FROM walked) = ${pageSize}
                   OR ${linkCount} <= ${pageWalk}) AS yes),
     cut AS (
       SELECT * FROM walked WHERE (SELECT yes FROM walk_fills)
       UNION ALL
       (SELECT * FROM matches WHERE NOT (SELECT capped FROM counted)
         ORDER BY matches.sort_name, matches.part_id ${paging})
       UNION ALL
       (SELECT * FROM (SELECT ${CUT_COLUMNS} FROM contract_parts cp
                        WHERE ${trigramRead} AND (SELECT capped FROM counted)
                          AND NOT (SELECT yes FROM walk_fills) OFFSET 0) matches
         ORDER BY matches.sort_name, matches.part_id ${paging}))`,
    [
      ...holdingBindings,
      /** The borrower's size, the sample and the count walk (walksPastCapSql), then the matches by its size */
      ...borrowerId,
      ...scopeBindings,
      ...matchBindings,
      ...scopeBindings,
      ...matchBindings,
      ...scopeBindings,
      ...matchBindings,
      ...borrowerId,
      ...trigramBindings,
      ...borrowerId,
      /** walked, walk_fills, the cut */
      ...scopeBindings,
      ...matchBindings,
      offset,
      ...borrowerId,
      offset,
      ...trigramBindings,
      offset,
    ],
  ]
}

/** The page of links (its rows `page`), its total and how its rows are shown */
interface LinkPageParts {
  /** `SELECT <total>` (a scalar) */
  total: string
  totalBindings: unknown[]
  /** The page's subquery, aliased `page` by the caller (with `total_count` when counted) */
  page: string
  pageBindings: unknown[]
  /** `co` (company shown), `u` (user shown), `h` (hour totals), `l` (last entry) of each page row */
  joins: string
  joinBindings: unknown[]
  /** A borrower's search (boundedSearchCut): its CTEs, the page reads `cut` and the total `counted` */
  boundedSearch?: [string, unknown[]]
}

/** How linkPageParts builds a page */
interface LinkPageOptions {
  /** `prepared`: the page window of a prepared statement (pageWindowSql), else bindings */
  paging?: 'bindings' | 'prepared'
  /** The page's rows carry `count(*) OVER ()` as `total_count` */
  windowCount?: boolean
  /**
   * Whether `u` of a legal entity is its owner user (the team's item shows
   * it); false when only a natural person's `u` is shown (the providers
   * list), which saves two probes a legal entity
   */
  companyOwner?: boolean
}

/**
 * The parts shared by the row statement (teamLinksSql) and the JSON one
 * (teamLinksJsonSql): the filtered, sorted page, the counterpart shown
 * (the company and its owner, or the person) and the hour totals of each
 * row, each a lateral probe by primary key or by the (contract_part_id,
 * date) index, so the cost follows the page, never the links.
 */
function linkPageParts(
  scope: TeamLinkScope,
  filters: TeamLinkFilters,
  periods: HoursPeriods,
  { paging = 'bindings', windowCount = false, companyOwner = true }: LinkPageOptions = {}
): LinkPageParts {
  const borrowerView = 'borrowerId' in scope
  const [scopeSql, scopeBindings] = scopeClause(scope)
  const where: string[] = [scopeSql]
  const bindings: unknown[] = [...scopeBindings]
  const boundable =
    paging === 'prepared' &&
    borrowerView &&
    !!filters.search?.trim() &&
    !filters.partId &&
    !filters.contractId &&
    !filters.memberId

  if (filters.isActive !== undefined) {
    where.push('cp.is_active = ?')
    bindings.push(filters.isActive)
  }
  if (filters.partId) {
    where.push('cp.id = ?')
    bindings.push(filters.partId)
  }
  if (filters.contractId) {
    where.push('cp.contract_id = ?')
    bindings.push(filters.contractId)
  }
  if (filters.memberId) {
    where.push('(cp.company_id = ? OR cp.user_id = ?)')
    bindings.push(filters.memberId, filters.memberId)
  }
  if (filters.search?.trim()) {
    const [sql, searchBindings] = searchClause(scope, filters.search)
    where.push(sql)
    bindings.push(...searchBindings)
  }

  const from =
    'contract_parts cp JOIN contracts c ON c.id = cp.contract_id AND c.deleted_at IS NULL'
  const sortJoin = borrowerView ? '' : 'JOIN companies sc ON sc.id = c.company_id'
  const sortName = borrowerView ? 'cp.link_name' : 'lower(sc.name)'
  /** A borrower's filters read only the link (`counterparty_of` already leaves deleted contracts out) */
  const countFrom = borrowerView ? 'contract_parts cp' : from
  const [total, totalBindings] = totalSql(scope, filters, countFrom, where.join(' AND '), bindings)
  const displayCompany = borrowerView ? 'page.company_id' : 'page.borrower_id'
  const displayUser = !borrowerView
    ? 'NULL::uuid'
    : companyOwner
      ? `coalesce(page.user_id, (SELECT m.user_id FROM company_members m
           WHERE m.company_id = page.company_id AND m.role = 'owner'
           ORDER BY m.created_at LIMIT 1))`
      : 'page.user_id'
  const offset = (filters.page - 1) * filters.pageSize
  const { weekStart, weekEnd, monthStart, monthEnd } = periods
  const start = weekStart < monthStart ? weekStart : monthStart

  const windowTotal = windowCount ? ', count(*) OVER ()::int AS total_count' : ''
  const limit = paging === 'prepared' ? pageWindowSql(filters.pageSize, '?') : 'LIMIT ? OFFSET ?'
  const boundedSearch = boundable
    ? boundedSearchCut(
        [scopeSql, scopeBindings],
        [where.slice(1).join(' AND '), bindings.slice(scopeBindings.length)],
        filters.search!,
        { pageSize: filters.pageSize, offset }
      )
    : undefined
  /**
   * An unfiltered page of a borrower's links walks the (counterparty_of,
   * link_name, id) index alone to its offset (an index-only scan), then
   * reads its own links by id: a deep page read the row of every link it
   * skipped (page 50: 818 buffers, now 15 for the walk and 80 for the page).
   */
  const indexOnlyWalk = borrowerView && where.length === 1 && !windowCount
  const cut = boundedSearch
    ? 'cut'
    : indexOnlyWalk
      ? `(SELECT ${CUT_COLUMNS}
           FROM (SELECT cp.id FROM contract_parts cp WHERE ${scopeSql}
                 ORDER BY cp.link_name, cp.id ${limit}) walked
           JOIN contract_parts cp ON cp.id = walked.id) cut`
      : `(SELECT ${CUT_COLUMNS} ${windowTotal}
           FROM contract_parts cp
           WHERE ${where.join(' AND ')}
           ORDER BY cp.link_name, cp.id ${limit}) cut`

  return {
    total,
    totalBindings,
    page: borrowerView
      ? /** The borrower's filters read only the link: the page is cut first, its contracts read after */
        `SELECT cut.*, c.id AS contract_id, c.name AS contract_name, c.status AS contract_status,
                c.company_id AS borrower_id
         FROM ${cut}
         CROSS JOIN LATERAL (
           SELECT id, name, status, company_id FROM contracts
           WHERE contracts.id = cut.part_contract_id AND contracts.deleted_at IS NULL LIMIT 1
         ) c`
      : `
      SELECT cp.id AS part_id, cp.company_id, cp.user_id, cp.is_active,
             cp.created_at AS part_created_at, cp.updated_at AS part_updated_at,
             c.id AS contract_id, c.name AS contract_name, c.status AS contract_status,
             c.company_id AS borrower_id, ${sortName} AS sort_name ${windowTotal}
      FROM ${from} ${sortJoin}
      WHERE ${where.join(' AND ')}
      ORDER BY ${sortName}, cp.id ${limit}`,
    pageBindings: boundedSearch
      ? []
      : paging === 'prepared'
        ? [...bindings, offset]
        : [...bindings, filters.pageSize, offset],
    /**
     * LIMIT 1 keeps each lateral a probe per page row (not a hash of the
     * whole table). `h` reads the link's entries from the period's first
     * day on; their latest is the link's last entry, so the probe of all
     * its entries (`l`) runs only for a link with none since then.
     */
    joins: `
    LEFT JOIN LATERAL (
      SELECT * FROM companies WHERE companies.id = ${displayCompany} LIMIT 1
    ) co ON true
    LEFT JOIN LATERAL (
      SELECT * FROM users WHERE users.id = ${displayUser} LIMIT 1
    ) u ON true
    LEFT JOIN LATERAL (
      SELECT sum(we.total_minutes) FILTER (WHERE we.date BETWEEN ?::date AND ?::date) AS week_minutes,
             sum(we.total_minutes) FILTER (WHERE we.date BETWEEN ?::date AND ?::date) AS month_minutes,
             max(we.date) AS latest
      FROM work_entries we
      WHERE we.contract_part_id = page.part_id AND we.date >= ?::date
    ) h ON true
    LEFT JOIN LATERAL (
      SELECT to_char(coalesce(h.latest, (SELECT max(we.date) FROM work_entries we
                                          WHERE we.contract_part_id = page.part_id)),
                     'YYYY-MM-DD') AS last_date
    ) l ON true`,
    joinBindings: [weekStart, weekEnd, monthStart, monthEnd, start],
    boundedSearch,
  }
}

/**
 * The statement of queryTeamLinks with its bindings (also used to EXPLAIN
 * it). For a borrower the page is a range of the (counterparty_of,
 * link_name, id) index: neither a sort nor a scan of all its links.
 */
export function teamLinksSql(
  scope: TeamLinkScope,
  filters: TeamLinkFilters,
  periods: HoursPeriods
) {
  const parts = linkPageParts(scope, filters, periods)
  const sql = `
    WITH page AS (${parts.page})
    SELECT ${parts.total} AS total, page.*,
           co.id AS co_id, co.name AS co_name, co.trade_name AS co_trade_name,
           co.document AS co_document, co.email AS co_email, co.phone AS co_phone, co.logo AS co_logo,
           u.id AS u_id, u.name AS u_name, u.email AS u_email, u.phone AS u_phone,
           u.avatar AS u_avatar, u.cpf AS u_cpf,
           coalesce(h.week_minutes, 0)::int AS week_minutes,
           coalesce(h.month_minutes, 0)::int AS month_minutes,
           l.last_date
    FROM (SELECT 1) one
    LEFT JOIN page ON true
    ${parts.joins}
    ORDER BY page.sort_name, page.part_id`

  return {
    sql,
    bindings: [...parts.pageBindings, ...parts.totalBindings, ...parts.joinBindings],
  }
}

/** The item a JSON page of links is built of (teamLinksJsonSql) */
export interface TeamLinkItem {
  /** The item's compact JSON text over `page`, `co`, `u`, `h` and `l` (JsonShape's formatSql) */
  sql: string
  /** Whether `u` of a legal entity is its owner user (LinkPageOptions) */
  companyOwner: boolean
}

/** A borrower's page of links as JSON text (teamLinksJsonSql) */
export interface TeamLinkJsonPage {
  /** The JSON array of the page's items, as PostgreSQL wrote it */
  data: string
  total: number
  /** A search's total stopped at `searchTotals.cap` */
  capped: boolean
  /** The logos to sign (`LOGO_PLACEHOLDER_SQL`), by company id */
  logos: { id: string; key: string }[]
}

/**
 * A borrower's links (E1, F) with their item JSON built by PostgreSQL:
 * `item.sql` is the DTO's SQL twin (compact JSON text, JsonShape's
 * formatSql) over `page`, `co`, `u`, `h` and `l`
 * (the columns of linkPageParts). One statement; the rows are ordered as
 * queryTeamLinks orders them. A page, or a bounded search by a word with
 * trigrams, runs on its generic plan (it depends on neither the word nor
 * the borrower's size, and PostgreSQL's rule planned it on every run, see
 * StatementPlan); another search is planned on each run (its pattern
 * decides the plan).
 */
export async function queryTeamLinksJson(
  borrowerId: string,
  filters: TeamLinkFilters,
  periods: HoursPeriods,
  item: TeamLinkItem
): Promise<TeamLinkJsonPage> {
  const { sql, bindings, bounded } = teamLinksJsonSql(borrowerId, filters, periods, item)
  const { rows } = await runListStatement(
    db.rawQuery(sql, bindings),
    filters.search?.trim() && !bounded ? 'each run' : searchPlan(filters.search)
  )
  return {
    data: rows[0].data,
    total: rows[0].total ?? (await countBeyondPage(borrowerId, filters, periods)),
    capped: rows[0].capped === true,
    logos: rows[0].logos ?? [],
  }
}

/**
 * The total of a counted list whose page came back empty (the window count
 * rides on the page's rows): 0 on page 1, else a count of its own.
 */
async function countBeyondPage(
  borrowerId: string,
  filters: TeamLinkFilters,
  periods: HoursPeriods
): Promise<number> {
  if (filters.page === 1) return 0
  const parts = linkPageParts({ borrowerId }, filters, periods)
  const { rows } = await db.rawQuery(`SELECT ${parts.total} AS total`, parts.totalBindings)
  return rows[0].total
}

/** The statement of queryTeamLinksJson with its bindings (also used to EXPLAIN it) */
export function teamLinksJsonSql(
  borrowerId: string,
  filters: TeamLinkFilters,
  periods: HoursPeriods,
  item: TeamLinkItem
) {
  /**
   * A search's total and page come from boundedSearchCut. Another counted
   * total comes from the page's own scan, `count(*) OVER ()`: the page
   * reads every match to sort them anyway, so the matches are not read
   * twice. NULL when the page is empty.
   */
  const counted = countsRows({ borrowerId }, filters)
  const parts = linkPageParts({ borrowerId }, filters, periods, {
    paging: 'prepared',
    windowCount: counted,
    companyOwner: item.companyOwner,
  })
  const [ctes, cteBindings] = parts.boundedSearch ?? ['', []]
  const [total, capped] = parts.boundedSearch
    ? ['(SELECT total FROM counted)', '(SELECT capped FROM counted)']
    : [counted ? 'NULL::int' : parts.total, 'false']
  const sql = `
    ${ctes ? `WITH ${ctes}` : ''}
    SELECT ${jsonArraySql(`string_agg(${item.sql}, ',' ORDER BY page.sort_name, page.part_id)
                      FILTER (WHERE page.part_id IS NOT NULL)`)} AS data,
           ${counted && !parts.boundedSearch ? 'max(page.total_count)' : 't.total'} AS total, t.capped,
           json_agg(json_build_object('id', co.id, 'key', co.logo))
             FILTER (WHERE (${LOGO_PLACEHOLDER_SQL}) LIKE 'sign:%') AS logos
    FROM (SELECT ${total} AS total, ${capped} AS capped) t
    LEFT JOIN (${parts.page}) page ON true
    ${parts.joins}
    GROUP BY t.total, t.capped`
  return {
    sql,
    /** Whether a search is the bounded one (boundedSearchCut), whose plan does not depend on the word */
    bounded: !!parts.boundedSearch,
    bindings: [
      ...(cteBindings as unknown[]),
      ...(counted ? [] : parts.totalBindings),
      ...parts.pageBindings,
      ...parts.joinBindings,
    ],
  }
}
