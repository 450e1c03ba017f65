import type { Infer } from '@vinejs/vine/types'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import db from '@adonisjs/lucid/services/db'
import { runListStatement } from '#support/prepared_statement'
import readCache, { readCacheKey } from '#services/platform/read_cache'
import { READ_SCOPES, type ReadVersions } from '#support/read_versions'
import type Contract from '#models/contract'
import type Company from '#models/company'
import ContractDto from '#dtos/contract_dto'
import type { boardContractsValidator, listContractsValidator } from '#validators/contract'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { escapeLike, hasTrigrams } from '#support/like'
import { apiTimestampBindings } from '#support/json_text'
import { contractNameRarity, RARE_TERM_ROWS } from '#services/platform/term_rarity'
import {
  cappedCountSql,
  countWalkRows,
  coveredPageWalkRows,
  matchesByScopeSizeSql,
  matchesScopeSql,
  searchPlan,
  pageWalkRows,
  pageWindowSql,
  searchMatchesAndCountSql,
  searchTotals,
  totalCappedSql,
  totalPagesSql,
  walksPastCapSql,
} from '#support/pagination'

export type ContractFilters = Infer<typeof boardContractsValidator>

/**
 * The list fields the spec names for a contract in lists and board columns
 * (ContractDto.record): never the snapshot or the other wide columns
 */
export const LIST_COLUMNS_SQL = ['id', 'name', 'status', 'progress', 'created_at', 'updated_at']
  .map((column) => `contracts.${column}`)
  .join(', ')

/**
 * The list fields and the stored lower-case name (`name_search`, generated
 * from the name) a walk down a covering index reads, so that a search can
 * filter the walk index-only
 */
export const WALKED_COLUMNS_SQL = `${LIST_COLUMNS_SQL}, contracts.name_search`

/**
 * The H1 / H2 row filters (search on name: trigram index; status; ref;
 * progress buckets) as SQL conditions on `contracts` with named bindings,
 * shared by the statements PostgreSQL answers in JSON (H1, H2) and the
 * Lucid query of B4 (applyContractFilters).
 */
export function contractFilterSql(filters: ContractFilters) {
  const conditions: string[] = []
  const bindings: Record<string, StrictValues> = {}
  if (filters.search) {
    /** The stored lower-case name (migration store_contract_name_search) */
    conditions.push('contracts.name_search LIKE :search')
    bindings.search = `%${escapeLike(filters.search.toLowerCase())}%`
    /** The term itself, whose pieces a walk looks for in contract_name_hours (nameHoursWalkSql) */
    bindings.term = filters.search.toLowerCase()
  }
  if (filters.status?.length === 1) {
    /** An equality, so that the board index (status, newest first) answers in order */
    conditions.push('contracts.status = :status')
    bindings.status = filters.status[0]
  } else if (filters.status?.length) {
    conditions.push('contracts.status = ANY(CAST(:statuses AS text[]))')
    bindings.statuses = filters.status
  }
  if (filters.ref) {
    conditions.push('contracts.ref = :ref')
    bindings.ref = filters.ref
  }
  if (filters.progress) {
    conditions.push(
      filters.progress === 100 ? 'contracts.progress > 80' : 'contracts.progress <= :progress'
    )
    bindings.progress = filters.progress
  }
  return { conditions, bindings }
}

/** True when a filter narrows rows within a status (the kept counters then no longer answer) */
export const hasRowFilter = (filters: ContractFilters) =>
  Boolean(filters.search || filters.ref || filters.progress)

/** The H1 / H2 filters on a Lucid query (B4) */
export function applyContractFilters(
  query: ModelQueryBuilderContract<typeof Contract>,
  filters: ContractFilters
) {
  const { conditions, bindings } = contractFilterSql(filters)
  return conditions.length ? query.whereRaw(conditions.join(' AND '), bindings) : query
}

/**
 * Newest change first. With a name search the matches are few: order them
 * with `NULLS LAST` (updated_at is never null, so the same order) so the
 * planner filters through the trigram index and sorts, instead of walking
 * the whole (company_id, updated_at) index hoping to meet 20 matches.
 */
export function newestFirstSql(filters: ContractFilters, row = 'contracts') {
  return filters.search
    ? `${row}.updated_at DESC NULLS LAST, ${row}.id DESC`
    : `${row}.updated_at DESC, ${row}.id DESC`
}

/** `newestFirstSql` on a Lucid query (B4) */
export function orderByNewest(
  query: ModelQueryBuilderContract<typeof Contract>,
  filters: ContractFilters
) {
  return query.orderByRaw(newestFirstSql(filters))
}

/** The company's live contracts (a name search's walks read them down an index) */
export const LIVE_CONTRACTS_SQL =
  'contracts.company_id = :companyId AND contracts.deleted_at IS NULL'

/** A walk's order: the list's (newest change first) or its reverse (a count's order is free) */
type WalkOrder = 'newest' | 'oldest'
const walkOrderSql = (order: WalkOrder, at: string, id: string) =>
  order === 'newest' ? `${at} DESC, ${id} DESC` : `${at}, ${id}`

/** `status IN (...)` of a status filter's statuses (validated enum values, in the text) */
const statusListSql = (statuses: readonly string[]) =>
  statuses.map((status) => `'${status}'`).join(', ')

/**
 * `fields` of the first `rows` live contracts in `order`, as a derived
 * table `contracts`: the company's (contracts_live_updated), or, given a
 * status filter's `statuses`, each status's own order (contracts_board)
 * merged, so that a filtered search walks only the statuses it reads (a
 * word of 12,000 finished contracts was walked for behind 26,500 active
 * ones, 12-18 ms; down the finished ones its page is their first rows).
 */
export function liveWalkSql(
  fields: string,
  order: WalkOrder,
  rows: number | string,
  statuses?: readonly string[]
) {
  const orderSql = walkOrderSql(order, 'contracts.updated_at', 'contracts.id')
  const read = (status?: string) => `SELECT ${fields} FROM contracts
                  WHERE ${LIVE_CONTRACTS_SQL}${status ? ` AND contracts.status = '${status}'` : ''}
                  ORDER BY ${orderSql} LIMIT ${rows}`
  if (!statuses || statuses.length < 2) return `(${read(statuses?.[0])}) contracts`
  /** Merged in the same order (`fields` name updated_at and id): read as far as the page needs, never sorted */
  const merged = statuses.map((status) => `(${read(status)})`).join('\n UNION ALL ')
  return `(SELECT * FROM (${merged}) contracts ORDER BY ${orderSql} LIMIT ${rows}) contracts`
}

/** The live contracts a walk reads (liveWalkSql), counted by the trigger-kept counters (a primary-key read) */
export const liveTotalSql = (statuses?: readonly string[]) =>
  `(SELECT coalesce(sum(total), 0) FROM contract_status_counters WHERE company_id = :companyId${
    statuses?.length ? ` AND status IN (${statusListSql(statuses)})` : ''
  })`

/**
 * The live contracts matching `matching` (a name search for the term
 * `:term`, SQL on `contracts`), newest change first, read only in the
 * hours whose names may hold the term (contract_name_hours: an hour
 * lacking one of the term's pieces is skipped, see its migration): `fields`
 * of each hour's first `rows` matches (SQL: the page's end), as a derived
 * table `contracts` with their `hour`; of one status (`status`, SQL: a
 * literal or a board column's key) or of every status (`'*'`). Its reader
 * orders it by NAME_HOURS_ORDER_SQL under a LIMIT: the hours are read
 * newest first down their primary key, each down the list's index until
 * its `rows` matches (a busy hour is not read whole), so the walk reads the
 * list order and stops at its page. The hour's read is fenced (OFFSET 0):
 * given the search's LIKE, the planner read each hour through the trigram
 * index (8.5 ms an hour). Fenced, it is planned for the whole hour: down
 * the covering index on a vacuumed table, possibly by a bitmap and a sort
 * of the hour on one that is not (still the hour's rows only).
 */
export function nameHoursWalkSql(fields: string, status: string, matching: string, rows: string) {
  const ofStatus = status === "'*'" ? '' : ` AND contracts.status = ${status}`
  const newest = walkOrderSql('newest', 'contracts.updated_at', 'contracts.id')
  return `(SELECT hours.hour, walked.*
       FROM contract_name_hours hours
      CROSS JOIN LATERAL (
            SELECT * FROM (
                   SELECT ${fields} FROM contracts
                    WHERE ${LIVE_CONTRACTS_SQL}${ofStatus}
                      AND contracts.updated_at >= to_timestamp(hours.hour * 3600.0)
                      AND contracts.updated_at < to_timestamp((hours.hour + 1) * 3600.0)
                    ORDER BY ${newest} OFFSET 0) contracts
             WHERE ${matching}
             ORDER BY ${newest} LIMIT ${rows}) walked
      WHERE hours.company_id = :companyId AND hours.status = ${status}
        AND ${holdsTermSql('hours')}) contracts`
}

/** Whether the bits of a contract_name_hours or contract_name_statuses row (`hours`, its alias) hold the pieces of `:term` */
const holdsTermSql = (hours: string) =>
  `${hours}.bits | (SELECT contract_name_bits(:term)) = ${hours}.bits`

/**
 * Whether `status` (SQL) may hold `:term` at all: its names' bits
 * (contract_name_statuses) hold every piece of it. False: no contract of
 * that status matches.
 */
export const statusMayHoldTermSql = (status: string) =>
  `EXISTS (SELECT FROM contract_name_statuses names
            WHERE names.company_id = :companyId AND names.status = ${status}
              AND ${holdsTermSql('names')})`

/**
 * Whether any of the `count` newest or oldest hours of `status` (SQL, as
 * nameHoursWalkSql's) may hold `:term`: when none does, the word is rare
 * at both ends, and a caller can leave it to the trigram index without
 * sampling those ends' contracts. A cost choice only: a sample's rows may
 * reach past eight quiet hours, so a word common only beyond them is then
 * read through the trigram index, as a rare one is (the same answer).
 */
export function endHoursHoldTermSql(status: string, count = 8) {
  const end = (order: 'DESC' | 'ASC') => `EXISTS (
           SELECT FROM (SELECT hours.bits FROM contract_name_hours hours
                         WHERE hours.company_id = :companyId AND hours.status = ${status}
                         ORDER BY hours.hour ${order} LIMIT ${count}) hours
            WHERE ${holdsTermSql('hours')})`
  return `(${end('DESC')} OR ${end('ASC')})`
}

/** The order of a walk of nameHoursWalkSql: its hours newest first, then the list's */
export const NAME_HOURS_ORDER_SQL = `contracts.hour DESC, ${walkOrderSql('newest', 'contracts.updated_at', 'contracts.id')}`

/** The company's live contracts in a read of a search's matches for `search` (matchesScopeSql) */
const matchesReadSql = (search: string) =>
  `${matchesScopeSql('contracts.company_id = :companyId', search)} AND contracts.deleted_at IS NULL`

/**
 * A read of the matches split by status: `reads(status)` is SQL that does
 * not depend on the row (a one-time filter) telling whether that status is
 * read through its own trigram index (contracts_name_trgm_<status>,
 * partial), `reads()` whether the statuses are read together through the
 * whole one instead (null: never, the branch is not written)
 */
interface ByStatus {
  statuses: readonly string[]
  reads: (status?: string) => string | null
}

/** The statuses of a status filter (H1), each read through its own trigram index (ByStatus) */
export function filteredStatuses(filters: ContractFilters): ByStatus | undefined {
  if (!filters.status?.length) return undefined
  /** The enum's own values, in its order: the text names only statuses, one text per set */
  const statuses = CONTRACT_STATUSES.filter((status) => filters.status!.includes(status))
  /** A status whose names never held the term (statusMayHoldTermSql) has no match to read */
  const gated = hasTrigrams(filters.search ?? '')
  return {
    statuses,
    reads: (status) => (status ? (gated ? statusMayHoldTermSql(`'${status}'`) : 'true') : null),
  }
}

/**
 * `fields` of the live contracts matching `matching` (a name search for
 * `search`) read through the trigram index alone (matchesReadSql), or,
 * `byStatus`, through the trigram index of each status it reads: a word the
 * status lacks costs a look-up of its trigrams there, never a recheck of
 * the word's matches in the other statuses (the whole index costs less per
 * match when the word's matches are in the statuses read anyway). A
 * `SELECT ... WHERE ...` of a derived table `contracts`, to which
 * conditions are added with AND.
 */
function trigramMatchesSql(fields: string, matching: string, search: string, byStatus?: ByStatus) {
  const read = (status?: string, gate?: string) =>
    `SELECT ${fields} FROM contracts
      WHERE ${status ? `contracts.status = '${status}' AND ` : ''}${gate ? `${gate} AND ` : ''}${matchesReadSql(search)} AND ${matching}`
  if (!byStatus) return read()
  const reads = [undefined, ...byStatus.statuses].flatMap((status) => {
    const gate = byStatus.reads(status)
    return gate === null ? [] : [read(status, gate)]
  })
  return `SELECT * FROM (${reads.join('\n UNION ALL ')}) contracts WHERE true`
}

/**
 * `fields` of the company's live contracts that match `matching` (a name
 * search for `search`), as a derived table `contracts`
 * (matchesByScopeSizeSql): a scope of at most `countWalkRows()` contracts
 * (the company's, or those of the `walked` statuses) is read whole down
 * its covering index (liveWalkSql), a larger one through the trigram
 * indexes (trigramMatchesSql).
 */
export function companyMatchesSql(
  fields: string,
  matching: string,
  search: string,
  byStatus?: ByStatus,
  walked?: readonly string[]
) {
  const whole = `SELECT ${fields} FROM ${liveWalkSql(WALKED_COLUMNS_SQL, 'newest', countWalkRows(), walked)}
                   WHERE ${matching}`
  return `(${matchesByScopeSizeSql(
    liveTotalSql(walked),
    whole,
    trigramMatchesSql(fields, matching, search, byStatus)
  )}) contracts`
}

/** The fields a name search's conditions read (the stored lower-case name; status, progress) */
export const SEARCHED_COLUMNS_SQL = 'contracts.name_search, contracts.status, contracts.progress'

/** The fields a count walk reads: the searched ones and the order's (liveWalkSql merges by them) */
const COUNT_WALKED_COLUMNS_SQL = `${SEARCHED_COLUMNS_SQL}, contracts.updated_at, contracts.id`

/**
 * Whether `matching` (conditions on name, status, progress) matches more
 * than `searchTotals.cap` of the first `countWalkRows()` live contracts
 * (the company's, or those of a status filter's `statuses`; liveWalkSql)
 * from either end of their order (oldest or newest change first;
 * walksPastCapSql): a search that matches most of them (about one row in
 * three or more).
 */
export const searchWalksPastCapSql = (matching: string, statuses?: readonly string[]) => {
  const hits = (order: WalkOrder) => (rows: number) =>
    cappedCountSql(
      `${liveWalkSql(COUNT_WALKED_COLUMNS_SQL, order, rows, statuses)} WHERE ${matching}`
    )
  return walksPastCapSql([hits('oldest'), hits('newest')], { covered: true })
}

/**
 * The page and the count of a name search (CTEs `page` and `counted`),
 * neither reading every match (a word in most names matches most rows):
 * - the walks read the live contracts of the filter's statuses, each
 *   status down its own order, merged, or the company's (liveWalkSql);
 * - a scope of at most `countWalkRows()` contracts is read whole, once:
 *   up to the cap + 1 matches (`matches`, companyMatchesSql) settle the
 *   count; a larger one's count walks `countWalkRows()` live contracts
 *   from one end of the list index (searchWalksPastCapSql): more than the
 *   cap there settles it (`totalCapped`), else up to the cap + 1 matches
 *   are read once (`matches`);
 * - at most the cap matches: the page is sorted from those matches (the
 *   trigram index read once for the count and the page: a word whose
 *   trigrams are in most names but which matches none rechecked them all
 *   twice); more: for a term with trigrams, the hours that may hold it,
 *   newest first (nameHoursWalkSql: a word in 36,000 names behind 26,500
 *   newer contracts read those 26,500 first, 8.8 ms of PostgreSQL's time,
 *   now 1.8); else the live contracts in list order (contracts_live_updated)
 *   until the page is full, within `pageWalkRows()` rows; when that walk
 *   does not fill it, a deeper one (`coveredPageWalkRows()`, index-only:
 *   the index covers the list fields); the trigram index and a sort again
 *   when neither fills it (matchesReadSql).
 *   The first walk stays short: a walk near a small company's size is
 *   planned as a sort of all its contracts, and most searches end there.
 * Both orders are the list's (updated_at is never null), so the rows of a
 * page are the same whichever way it was read.
 */
function searchPageAndCountSql(
  filters: Infer<typeof listContractsValidator>,
  conditions: string[],
  { page, perPage }: { page: number; perPage: number }
) {
  const end = page * perPage
  const matching = conditions.join(' AND ')
  const byStatus = filteredStatuses(filters)
  /** The live contracts the walks read: the filter's statuses', else the company's */
  const statuses = byStatus?.statuses
  const capped = '(SELECT capped FROM counted)'
  /** A walk (`name`): the page of the matches among the first `rows` live contracts, and whether it is the page */
  const walk = (name: string, rows: number, runs: string) => `${name} AS MATERIALIZED (
         SELECT ${LIST_COLUMNS_SQL} FROM ${liveWalkSql(WALKED_COLUMNS_SQL, 'newest', rows, statuses)}
          WHERE ${matching} AND ${runs}
          ORDER BY ${newestFirstSql({})} ${pageWindowSql(perPage)}),
       ${name}_fills AS (
         SELECT ${runs}
                AND ((SELECT count(*) FROM ${name}) = CAST(:perPage AS int)
                     OR ${liveTotalSql(statuses)} <= ${rows}) AS yes)`
  const countAndMatches = searchMatchesAndCountSql(
    searchWalksPastCapSql(matching, statuses),
    `SELECT * FROM ${companyMatchesSql(LIST_COLUMNS_SQL, matching, filters.search!, byStatus, statuses)} WHERE true`,
    liveTotalSql(statuses)
  )
  const sorted = `(SELECT * FROM matches contracts WHERE NOT ${capped}
           ORDER BY ${newestFirstSql(filters)} ${pageWindowSql(perPage)})`
  if (hasTrigrams(filters.search!)) {
    /** Past the cap, the page walks the hours that may hold the term, whatever its depth */
    const status = statuses?.length === 1 ? `'${statuses[0]}'` : "'*'"
    const pageEnd = `(SELECT CAST(:offset AS bigint) + ${perPage})`
    return `${countAndMatches},
       page AS (
         (SELECT ${LIST_COLUMNS_SQL}
            FROM ${nameHoursWalkSql(WALKED_COLUMNS_SQL, status, matching, pageEnd)}
           WHERE ${capped}
           ORDER BY ${NAME_HOURS_ORDER_SQL} ${pageWindowSql(perPage)})
         UNION ALL
         ${sorted})`
  }
  return `${countAndMatches},
       ${walk('walked', pageWalkRows(end), capped)},
       ${walk('deep', coveredPageWalkRows(end), `${capped} AND NOT (SELECT yes FROM walked_fills)`)},
       page AS (
         SELECT * FROM walked WHERE (SELECT yes FROM walked_fills)
         UNION ALL
         SELECT * FROM deep WHERE (SELECT yes FROM deep_fills)
         UNION ALL
         ${sorted}
         UNION ALL
         (${trigramMatchesSql(LIST_COLUMNS_SQL, matching, filters.search!, byStatus)} AND ${capped}
             AND NOT (SELECT yes FROM walked_fills) AND NOT (SELECT yes FROM deep_fills)
           ORDER BY ${newestFirstSql(filters)} ${pageWindowSql(perPage)}))`
}

/**
 * The most matches a rare term's read takes (H1 rareTermPageAndCountSql,
 * H2 rareTermColumnsSql): twice the most names a rare term is estimated in
 * (RARE_TERM_ROWS); past it (a stale sample), the read is done again as a
 * common term's
 */
export const RARE_TERM_MATCHES = 2 * RARE_TERM_ROWS

/** A contracts read (H1, H2): its body, and whether a rare term's read met more matches than it takes */
interface RareTermRead {
  body: string
  overflow: boolean
}

/**
 * The body of a contracts read (H1, H2) for `filters`, by its prepared
 * `statement`: a name search for a rare term (TermRarity) is read the rare
 * way first, and again the common way if that met more than
 * RARE_TERM_MATCHES matches
 */
export async function readContractsBody(
  filters: ContractFilters,
  statement: (rareTerm: boolean) => { sql: string; bindings: Record<string, any> }
) {
  const read = async (rareTerm: boolean) => {
    const { sql, bindings } = statement(rareTerm)
    /** The page size or card count is in the text (a validated integer): a generic plan for each */
    const { rows } = await runListStatement(db.rawQuery(sql, bindings), searchPlan(filters.search))
    return rows[0] as RareTermRead
  }
  const rareTerm = !!filters.search && !filters.ref && contractNameRarity.isRare(filters.search)
  const first = await read(rareTerm)
  if (!first.overflow) return first.body
  const common = await read(false)
  return common.body
}

/**
 * The page and the count (CTEs `page` and `counted`) of a name search for
 * a rare term: the company's matches read once through the trigram index
 * (companyMatchesSql), up to RARE_TERM_MATCHES + 1 (`overflow`), counted
 * up to the cap and sorted for the page. For such a term the walks of
 * searchPageAndCountSql cost more than its matches: a word in 1,627 of the
 * big company's names ("123") walked 13 hours of names for page 1 (3.1 ms
 * alone) and more for page 3, where a read of its matches and a sort take
 * 1.6-1.8 ms at any page.
 */
function rareTermPageAndCountSql(
  filters: Infer<typeof listContractsValidator>,
  conditions: string[],
  { perPage }: { perPage: number }
) {
  const { cap } = searchTotals
  const matches = companyMatchesSql(
    'contracts.id, contracts.updated_at',
    conditions.join(' AND '),
    filters.search!
  )
  return {
    ctes: `matches AS MATERIALIZED (
         SELECT * FROM ${matches} LIMIT ${RARE_TERM_MATCHES + 1}),
       page AS (
         SELECT contracts.*
           FROM (SELECT matches.id FROM matches
                  ORDER BY ${newestFirstSql(filters, 'matches')} ${pageWindowSql(perPage)}) picked
          CROSS JOIN LATERAL (
                SELECT ${LIST_COLUMNS_SQL} FROM contracts WHERE contracts.id = picked.id LIMIT 1
              ) contracts),
       counted AS (
         SELECT least(count(*), ${cap})::int AS total, count(*) > ${cap} AS capped FROM matches)`,
    overflow: `(SELECT count(*) > ${RARE_TERM_MATCHES} FROM matches)`,
  }
}

/**
 * H1: the company's contracts, newest change first, paginated, as the
 * response's JSON text written by PostgreSQL in one statement (as I1;
 * compact text by format(), see ContractDto.recordJsonSql):
 * - the page reads only the list fields (never the snapshot);
 * - `meta.total`: without a row filter (search, ref, progress) the sum of
 *   the trigger-kept contract_status_counters of the asked statuses (a
 *   primary-key read whatever the company's size); with a name search (and
 *   no ref) counted up to `searchTotals.cap` (searchPageAndCountSql), then
 *   `meta.totalCapped`; with ref or progress alone, the matches are read
 *   once (MATERIALIZED) for both the count and the page.
 */
export function contractListSql(
  companyId: string,
  filters: Infer<typeof listContractsValidator>,
  { rareTerm = false }: { rareTerm?: boolean } = {}
) {
  const page = filters.page ?? 1
  const perPage = filters.perPage ?? 20
  const { conditions, bindings } = contractFilterSql(filters)
  const where = [
    'contracts.company_id = :companyId',
    'contracts.deleted_at IS NULL',
    ...conditions,
  ].join(' AND ')
  const order = newestFirstSql(filters)
  const statuses = filteredStatuses(filters)?.statuses
  /**
   * Several statuses' page: each status read down its own order
   * (contracts_board) as far as the page ends, merged; their rows in one
   * order were a walk past other statuses' rows or a sort of them all
   * (`signing,in_review` at 10x: 4.6 ms of PostgreSQL's time, 0.4 now)
   */
  const statusesPage =
    statuses && statuses.length > 1
      ? `SELECT * FROM ${liveWalkSql(LIST_COLUMNS_SQL, 'newest', `(SELECT CAST(:offset AS bigint) + ${perPage})`, statuses)}`
      : undefined
  const rare =
    filters.search && !filters.ref && rareTerm
      ? rareTermPageAndCountSql(filters, conditions, { perPage })
      : null
  const pageAndCount = rare
    ? rare.ctes
    : filters.search && !filters.ref
      ? searchPageAndCountSql(filters, conditions, { page, perPage })
      : hasRowFilter(filters)
        ? `matches AS MATERIALIZED (SELECT ${LIST_COLUMNS_SQL} FROM contracts WHERE ${where}),
       page AS (SELECT * FROM matches contracts ORDER BY ${order} ${pageWindowSql(perPage)}),
       counted AS (SELECT count(*)::int AS total, false AS capped FROM matches)`
        : `page AS (${statusesPage ?? `SELECT ${LIST_COLUMNS_SQL} FROM contracts WHERE ${where}`}
                 ORDER BY ${order} ${pageWindowSql(perPage)}),
       counted AS (
         SELECT coalesce(sum(total), 0)::int AS total, false AS capped FROM contract_status_counters
          WHERE company_id = :companyId
            ${filters.status?.length ? 'AND status = ANY(CAST(:counted AS text[]))' : ''})`
  return {
    sql: `WITH ${pageAndCount}
      SELECT format('{"data":[%s],"meta":{"total":%s,"page":%s,"perPage":%s,"totalPages":%s%s}}',
        (SELECT coalesce(string_agg(${ContractDto.recordJsonSql('page')}, ','
                                    ORDER BY ${newestFirstSql(filters, 'page')}), '')
           FROM page),
        counted.total, CAST(:page AS int), CAST(:perPage AS int),
        ${totalPagesSql('counted.total', ':perPage')}, ${totalCappedSql('counted.capped')}) AS body,
        ${rare?.overflow ?? 'false'} AS overflow
      FROM counted`,
    bindings: {
      ...bindings,
      counted: filters.status ?? [],
      companyId,
      page,
      perPage,
      offset: (page - 1) * perPage,
      ...apiTimestampBindings(),
    },
  }
}

/** H1 (see contractListSql) */
export default class ListContracts {
  /** `versions`: the context's read versions; the body is cached under them (ReadCache) */
  handle(
    company: Company,
    filters: Infer<typeof listContractsValidator>,
    versions: ReadVersions | null = null
  ): Promise<Buffer> {
    const key = readCacheKey('contracts', [company.id, filters])
    return readCache.text(key, versions, READ_SCOPES.contracts, () =>
      readContractsBody(filters, (rareTerm) => contractListSql(company.id, filters, { rareTerm }))
    )
  }
}
