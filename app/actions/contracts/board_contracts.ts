import db from '@adonisjs/lucid/services/db'
import type Company from '#models/company'
import ContractDto from '#dtos/contract_dto'
import {
  contractFilterSql,
  hasRowFilter,
  LIST_COLUMNS_SQL,
  LIVE_CONTRACTS_SQL,
  newestFirstSql,
  SEARCHED_COLUMNS_SQL,
  searchWalksPastCapSql,
  type ContractFilters,
} from '#actions/contracts/list_contracts'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { apiTimestampBindings } from '#support/json_text'
import { runListStatement } from '#support/prepared_statement'
import { cappedCountSql, pageWalkRows, pageWindowSql, searchTotals } from '#support/pagination'
import readCache, { readCacheKey } from '#services/platform/read_cache'
import type { ReadVersions } from '#support/read_versions'

/**
 * Cards per board column unless `perColumn` asks otherwise (1-50): about
 * what a column shows on a screen before scrolling; the rest is loaded by
 * column (`column` + `offset`), so the board's cost is 15 short columns
 * whatever the company's size (and its body stays small: 20 cards per
 * column measured 52 KB, half the board's time at 10x).
 */
export const BOARD_COLUMN_LIMIT = 10
/**
 * H2: every column in the spec's order, each with its newest contracts
 * (`perColumn`, default BOARD_COLUMN_LIMIT; one more read tells `hasMore`) and its total, as
 * the response's JSON text written by PostgreSQL in one statement (as I1;
 * compact text by format(), see ContractDto.recordJsonSql):
 * - cards: one LATERAL probe per column down the partial index
 *   `contracts_board` (company_id, status, updated_at DESC, id DESC),
 *   which covers the list fields (never the snapshot): an index-only scan
 *   of perColumn + 1 entries per column, no sort;
 * - totals: the trigger-kept contract_status_counters (primary key, exact
 *   at any size); with a search/ref/progress filter a count of the matches
 *   up to `searchTotals.columnCap` (then `totalCapped`);
 * - a name search (without ref) is read as in searchedColumnsSql.
 * `column` (+ `offset`) loads more cards of one column.
 */
export function contractBoardSql(
  companyId: string,
  { column, offset = 0, perColumn = BOARD_COLUMN_LIMIT, ...filters }: ContractFilters
) {
  /** Every column is answered; a column left out by `status` is empty (no probe) */
  const keys = CONTRACT_STATUSES.filter((status) => !column || status === column)
  const asked = keys.map((key) => !filters.status?.length || filters.status.includes(key))
  /** The columns are constants of the text (statuses of the enum): PostgreSQL plans them once */
  const keysSql = `ARRAY[${keys.map((key) => `'${key}'`).join(',')}]::text[]`
  const askedSql = `ARRAY[${asked.join(',')}]::boolean[]`
  const { conditions, bindings } = contractFilterSql({ ...filters, status: undefined })
  const ofColumn = [
    LIVE_CONTRACTS_SQL,
    'columns.asked',
    'contracts.status = columns.key',
    ...conditions,
  ].join(' AND ')
  const { columnCap } = searchTotals
  const cardsOf = (rows: string, where: string) =>
    `SELECT ${LIST_COLUMNS_SQL},
            row_number() OVER (ORDER BY ${newestFirstSql({})}) - :offset AS shown
       FROM ${rows} WHERE ${where}
      ORDER BY ${newestFirstSql({})} ${pageWindowSql(perColumn + 1)}`
  const { ctes, perColumnSql, cards, counted } =
    filters.search && !filters.ref
      ? searchedColumnsSql(conditions.join(' AND '), keysSql, { offset, perColumn }, cardsOf)
      : {
          ctes: '',
          perColumnSql: '',
          cards: cardsOf('contracts', ofColumn),
          counted: hasRowFilter(filters)
            ? `SELECT ${cappedCountSql(`contracts WHERE ${ofColumn}`, columnCap)} AS total`
            : `SELECT coalesce((SELECT total FROM contract_status_counters
                                 WHERE columns.asked AND company_id = :companyId
                                   AND status = columns.key), 0) AS total`,
        }
  /** Exact counts are never capped; only a filtered count stops at the column cap */
  const [total, totalCapped] = hasRowFilter(filters)
    ? [`least(totals.total, ${columnCap})`, `totals.total > ${columnCap}`]
    : ['totals.total', 'false']

  return {
    sql: `${ctes}
       SELECT format('{"data":{"columns":[%s]}}', string_agg(
                format('{"key":"%s","total":%s,"totalCapped":%s,"hasMore":%s,"contracts":[%s]}',
                       columns.key, ${total}, to_json(${totalCapped}), to_json(cards.more),
                       coalesce(cards.list, '')),
                ',' ORDER BY columns.position)) AS body
         FROM unnest(${keysSql}, ${askedSql})
              WITH ORDINALITY AS columns(key, asked, position)
        ${perColumnSql}
        CROSS JOIN LATERAL (
              SELECT string_agg(${ContractDto.recordJsonSql('card')}, ','
                                ORDER BY card.shown) FILTER (WHERE card.shown <= ${perColumn}) AS list,
                     coalesce(max(card.shown), 0) > ${perColumn} AS more
                FROM (${cards}) card) cards
        CROSS JOIN LATERAL (${counted}) totals`,
    bindings: {
      ...bindings,
      companyId,
      offset,
      ...apiTimestampBindings(),
    },
  }
}

/**
 * The cards and the count of each column under a name search, neither
 * reading every match (a word in most names matches most contracts):
 * - `dense`: the company's first index entries match more than the list
 *   cap (searchWalksPastCapSql), so each column is walked in card order
 *   down `contracts_board` (`pageWalkRows()` entries at most) with the
 *   search as a filter: the walk settles the count when it finds more
 *   than `searchTotals.columnCap` matches (it stops there) or covers the
 *   column, and the cards when it finds the `end`-th match (offset +
 *   perColumn + 1) or covers the column;
 * - else, or when a column's walk settles nothing, the company's matches
 *   are read once through the trigram index (`matches`, only if a column
 *   asks), ranked in card order within their status by one sort: the
 *   columns read their counts (`match_counts`) and their first cards
 *   (`match_cards`) from that one pass, never the matches once per column
 *   (a word in 21,500 active contracts cost fifteen scans of them: 165 ms).
 * Both reads give the same cards in the same order (updated_at is never null).
 */
function searchedColumnsSql(
  matching: string,
  keysSql: string,
  { offset, perColumn }: { offset: number; perColumn: number },
  cardsOf: (rows: string, where: string) => string
) {
  const { columnCap } = searchTotals
  const end = offset + perColumn + 1
  const walkRows = pageWalkRows(end)
  const ofColumn = 'columns.asked AND contracts.status = columns.key'
  /** The column's newest `walkRows` entries, with the fields the cards or the search read */
  const walkOf = (fields: string) => `(SELECT ${fields} FROM contracts
                  WHERE ${LIVE_CONTRACTS_SQL} AND ${ofColumn}
                  ORDER BY ${newestFirstSql({})} LIMIT ${walkRows}) contracts`
  const walkCount = cappedCountSql(
    `${walkOf(SEARCHED_COLUMNS_SQL)} WHERE ${matching}`,
    Math.max(columnCap, end - 1)
  )
  /** A column left out by `status` is settled: empty, no walk and no trigram read */
  const settled = 'NOT columns.asked OR yes AND covered'
  return {
    ctes: `WITH dense AS MATERIALIZED (SELECT ${searchWalksPastCapSql(matching)} AS yes),
       matches AS MATERIALIZED (
         SELECT contracts.id, contracts.status,
                row_number() OVER (PARTITION BY contracts.status COLLATE "C"
                                   ORDER BY ${newestFirstSql({})}) AS rank
           FROM contracts
          WHERE ${LIVE_CONTRACTS_SQL} AND contracts.status = ANY(${keysSql})
            AND ${matching}),
       match_counts AS MATERIALIZED (
         SELECT status, count(*)::int AS found FROM matches GROUP BY status),
       match_cards AS MATERIALIZED (
         SELECT ${LIST_COLUMNS_SQL} FROM matches JOIN contracts ON contracts.id = matches.id
          WHERE matches.rank <= CAST(:offset AS int) + ${perColumn + 1})`,
    /** OFFSET 0 keeps the walk's count one per column (inlined, it ran once per use) */
    perColumnSql: `CROSS JOIN LATERAL (
              SELECT found, ${settled} OR yes AND found > ${columnCap} AS counts,
                     ${settled} OR yes AND found >= CAST(:offset AS int) + ${perColumn + 1} AS pages
                FROM (SELECT yes,
                             CASE WHEN yes AND columns.asked THEN ${walkCount} ELSE 0 END AS found,
                             coalesce((SELECT total FROM contract_status_counters
                                        WHERE company_id = :companyId AND status = columns.key), 0)
                               <= ${walkRows} AS covered
                        FROM dense OFFSET 0) walk) walked`,
    cards: `(${cardsOf(walkOf(LIST_COLUMNS_SQL), `${matching} AND walked.pages`)})
              UNION ALL
              (${cardsOf('match_cards contracts', `${ofColumn} AND NOT walked.pages`)})`,
    counted: `SELECT CASE WHEN walked.counts THEN walked.found
                          ELSE coalesce((SELECT found FROM match_counts
                                          WHERE columns.asked AND status = columns.key), 0)
                     END AS total OFFSET 0`,
  }
}

/** H2 (see contractBoardSql) */
export default class BoardContracts {
  /** `versions`: the context's read versions; the body is cached under them (ReadCache) */
  handle(
    company: Company,
    filters: ContractFilters,
    versions: ReadVersions | null = null
  ): Promise<string> {
    const key = readCacheKey('contracts-board', [company.id, filters])
    return readCache.text(key, versions, ['company'], async () => {
      const { sql, bindings } = contractBoardSql(company.id, filters)
      /** The card count is in the text (a validated integer): a generic plan per count */
      const { rows } = await runListStatement(db.rawQuery(sql, bindings), {
        searched: Boolean(filters.search),
      })
      return rows[0].body as string
    })
  }
}
