import db from '@adonisjs/lucid/services/db'
import type Company from '#models/company'
import ContractDto from '#dtos/contract_dto'
import {
  contractFilterSql,
  hasRowFilter,
  LIST_COLUMNS_SQL,
  newestFirstSql,
  type ContractFilters,
} from '#actions/contracts/list_contracts'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { apiTimestampBindings } from '#support/json_text'
import { asPreparedStatement } from '#support/prepared_statement'
import { pageWindowSql } from '#support/pagination'
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
/** Column totals are counted up to this value (then `totalCapped` is true) */
export const BOARD_TOTAL_CAP = 1000

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
 *   up to BOARD_TOTAL_CAP (then `totalCapped`).
 * `column` (+ `offset`) loads more cards of one column.
 */
export function contractBoardSql(
  companyId: string,
  { column, offset = 0, perColumn = BOARD_COLUMN_LIMIT, ...filters }: ContractFilters
) {
  /** Every column is answered; a column left out by `status` is empty (no probe) */
  const keys = CONTRACT_STATUSES.filter((status) => !column || status === column)
  const asked = keys.map((key) => !filters.status?.length || filters.status.includes(key))
  const { conditions, bindings } = contractFilterSql({ ...filters, status: undefined })
  const ofColumn = [
    'contracts.company_id = :companyId',
    'contracts.deleted_at IS NULL',
    'columns.asked',
    'contracts.status = columns.key',
    ...conditions,
  ].join(' AND ')
  const filtered = hasRowFilter(filters)
  /** Exact counts are never capped; only a filtered count stops at the cap */
  const [total, totalCapped] = filtered
    ? [`least(totals.total, ${BOARD_TOTAL_CAP})`, `totals.total > ${BOARD_TOTAL_CAP}`]
    : ['totals.total', 'false']
  const counted = filtered
    ? `SELECT count(*)::int AS total FROM (
           SELECT 1 FROM contracts WHERE ${ofColumn} LIMIT ${BOARD_TOTAL_CAP + 1}) capped`
    : `SELECT coalesce((SELECT total FROM contract_status_counters
                           WHERE columns.asked AND company_id = :companyId
                             AND status = columns.key), 0) AS total`

  return {
    sql: `SELECT format('{"data":{"columns":[%s]}}', string_agg(
                format('{"key":"%s","total":%s,"totalCapped":%s,"hasMore":%s,"contracts":[%s]}',
                       columns.key, ${total}, to_json(${totalCapped}), to_json(cards.more),
                       coalesce(cards.list, '')),
                ',' ORDER BY columns.position)) AS body
         FROM unnest(CAST(:keys AS text[]), CAST(:asked AS boolean[]))
              WITH ORDINALITY AS columns(key, asked, position)
        CROSS JOIN LATERAL (
              SELECT string_agg(${ContractDto.recordJsonSql('card')}, ','
                                ORDER BY card.shown) FILTER (WHERE card.shown <= ${perColumn}) AS list,
                     coalesce(max(card.shown), 0) > ${perColumn} AS more
                FROM (SELECT ${LIST_COLUMNS_SQL},
                             row_number() OVER (ORDER BY ${newestFirstSql({})}) - :offset AS shown
                        FROM contracts WHERE ${ofColumn}
                       ORDER BY ${newestFirstSql({})}
                       ${pageWindowSql(perColumn + 1)}) card) cards
        CROSS JOIN LATERAL (${counted}) totals`,
    bindings: {
      ...bindings,
      companyId,
      keys,
      asked,
      offset,
      ...apiTimestampBindings(),
    },
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
      const { rows } = await asPreparedStatement(db.rawQuery(sql, bindings))
      return rows[0].body as string
    })
  }
}
