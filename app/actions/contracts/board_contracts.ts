import type Company from '#models/company'
import ContractDto from '#dtos/contract_dto'
import {
  contractFilterSql,
  hasRowFilter,
  LIST_COLUMNS_SQL,
  WALKED_COLUMNS_SQL,
  LIVE_CONTRACTS_SQL,
  newestFirstSql,
  SEARCHED_COLUMNS_SQL,
  companyMatchesSql,
  endHoursHoldTermSql,
  statusMayHoldTermSql,
  nameHoursWalkSql,
  NAME_HOURS_ORDER_SQL,
  RARE_TERM_MATCHES,
  readContractsBody,
  type ContractFilters,
} from '#actions/contracts/list_contracts'
import { hasTrigrams } from '#support/like'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { apiTimestampBindings } from '#support/json_text'
import {
  cappedCountSql,
  coveredPageWalkRows,
  pageWalkRows,
  pageWindowSql,
  sampleWalkRows,
  searchTotals,
} from '#support/pagination'
import readCache, { readCacheKey } from '#services/platform/read_cache'
import { READ_SCOPES, type ReadVersions } from '#support/read_versions'

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
 * - totals: the trigger-kept contract_status_counters (the company's rows
 *   read once, exact at any size); with a search/ref/progress filter a count of the matches
 *   up to `searchTotals.columnCap` (then `totalCapped`);
 * - a name search (without ref) is read as in searchedColumnsSql, or, for
 *   a `rareTerm`, as in rareTermColumnsSql (its `overflow` is then
 *   whether the term had more matches than it reads).
 * `column` (+ `offset`) loads more cards of one column.
 */
export function contractBoardSql(
  companyId: string,
  { column, offset = 0, perColumn = BOARD_COLUMN_LIMIT, ...filters }: ContractFilters,
  { rareTerm = false }: { rareTerm?: boolean } = {}
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
  const named = filters.search && !filters.ref ? filters.search : null
  const searched = { matching: conditions.join(' AND '), search: named ?? '' }
  const columnsRead = () => {
    if (named && rareTerm) {
      return rareTermColumnsSql(
        searched,
        keys.filter((_, index) => asked[index]),
        { perColumn },
        cardsOf
      )
    }
    if (named) {
      return searchedColumnsSql(
        searched,
        { keys, keysSql },
        askedSql,
        { offset, perColumn },
        cardsOf
      )
    }
    return {
      ctes: '',
      /** The company's kept totals, read once for the fifteen columns */
      perColumnSql: hasRowFilter(filters)
        ? ''
        : `CROSS JOIN (SELECT jsonb_object_agg(status, total) AS totals
                         FROM contract_status_counters WHERE company_id = :companyId) counters`,
      cards: cardsOf('contracts', ofColumn),
      counted: hasRowFilter(filters)
        ? `SELECT ${cappedCountSql(`contracts WHERE ${ofColumn}`, columnCap)} AS total`
        : `SELECT CASE WHEN columns.asked
                       THEN coalesce((counters.totals ->> columns.key)::int, 0) ELSE 0 END AS total`,
      overflow: 'false',
    }
  }
  const { ctes, perColumnSql, cards, counted, overflow } = columnsRead()
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
                ',' ORDER BY columns.position)) AS body,
              ${overflow} AS overflow
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
 * reading every match (a word in most names matches most contracts). The
 * company's column totals are read once (`column_totals`, its 15 counter
 * rows): a read per column, inside the laterals, was pulled by the planner
 * into each of the four places that use the total (60 reads a search, a
 * third of a 503-contract company's 3.5 ms). Each
 * asked column decides alone (`column_walks`); a column whose names never
 * held a term with trigrams (`contract_name_statuses`, statusMayHoldTermSql)
 * is empty at once: counted 0, no cards, no sample, no trigram read. Any
 * other decides from two samples with the
 * search as a filter: its `sampleWalkRows()` newest and oldest entries of
 * `contracts_board` (a batch of renamed contracts at the newest end hides
 * a word most of the column has; the oldest end rarely changes):
 * - a column no longer than the sample is settled by it (it read it all);
 * - when either sample is dense enough that a walk would likely count
 *   past the column cap, the count walks `pageWalkRows()` entries from
 *   that end (oldest first: a count's order is free), which settles it
 *   past `searchTotals.columnCap` matches or when it covers the column,
 *   and the cards walk from the newest end until the `end`-th match
 *   (offset + perColumn + 1): through the hours that may hold a term with
 *   trigrams (nameHoursWalkSql; a word behind 26,500 active contracts
 *   walked them all, 11 ms), else within `coveredPageWalkRows()` entries
 *   (index-only), keeping the ids of the matches it meets (`ids`): the
 *   cards are read by those keys, not by a second walk;
 * - else (a rare word, or one the column lacks), the column is left to
 *   the trigram indexes, which read the matches of the unsettled columns
 *   only (`matches`, only if a column asks), ranked in card order
 *   within their status by one sort: the columns read their counts
 *   (`match_counts`) and their first cards (`match_cards`) from that one
 *   pass, never the matches once per column (each first card's fields by
 *   a key probe, LATERAL ... LIMIT 1: planned for a word, a join hashed
 *   every contract of the table, 120 ms). When a column counted past the
 *   cap, each unsettled column reads its own status's trigram index
 *   (`unsettled.by_status`): through the whole one, a word in 36,000 names
 *   of three walked statuses rechecked them all to prove it absent from
 *   the twelve others (47 ms; now 0.01-0.6 ms a column). Else the
 *   unsettled columns read the whole index together: it costs less per
 *   match (a word spread over every column: 5 ms against 8 ms by status).
 * One company-level walk decided for every column before: a word in 12,000
 * drafts but behind 21,500 renamed active contracts read the 36,000
 * matches of three statuses and sorted them (90 ms at 10x).
 * Both reads give the same cards in the same order (updated_at is never null).
 */
function searchedColumnsSql(
  { matching, search }: { matching: string; search: string },
  { keys, keysSql }: { keys: readonly string[]; keysSql: string },
  askedSql: string,
  { offset, perColumn }: { offset: number; perColumn: number },
  cardsOf: (rows: string, where: string) => string
) {
  const { columnCap } = searchTotals
  const end = offset + perColumn + 1
  const countRows = pageWalkRows(end)
  const cardRows = coveredPageWalkRows(end)
  const sampleRows = sampleWalkRows()
  /** The matches that settle both the count and the cards; a sample with this share of them is worth a walk */
  const settling = Math.max(columnCap + 1, end)
  const worthWalking = Math.ceil((settling * sampleRows) / countRows)
  const newest = newestFirstSql({})
  const oldest = 'contracts.updated_at, contracts.id'
  const ofColumn = 'columns.asked AND contracts.status = columns.key'
  /**
   * The columns the trigram indexes answer (`unsettled`): through each one's
   * own status's index when a column counted past the cap (its many matches
   * would be rechecked for nothing in the whole index), else together
   */
  const unsettledKeys = 'CAST((SELECT keys FROM unsettled) AS text[])'
  const byStatus = '(SELECT by_status FROM unsettled)'
  const unsettledStatuses = {
    statuses: keys,
    reads: (status?: string) =>
      status ? `${byStatus} AND '${status}' = ANY(${unsettledKeys})` : `NOT ${byStatus}`,
  }
  /** The column's first `rows` entries in `order`, with the fields the cards or the search read */
  const walkOf = (
    fields: string,
    order: string,
    rows: number | string
  ) => `(SELECT ${fields} FROM contracts
                  WHERE ${LIVE_CONTRACTS_SQL} AND ${ofColumn}
                  ORDER BY ${order} LIMIT ${rows}) contracts`
  const hits = (order: string, rows: number) =>
    cappedCountSql(`${walkOf(SEARCHED_COLUMNS_SQL, order, rows)} WHERE ${matching}`, settling - 1)
  const small = `counter.total <= ${sampleRows}`
  const endSql = `CAST(:offset AS int) + ${perColumn + 1}`
  /**
   * The ids of the column's first `end` matches, in card order: for a term
   * with trigrams, through the hours that may hold it (nameHoursWalkSql: it
   * reads the whole column, so it settles the cards), else within the
   * column's first `cardRows` entries
   */
  const walkedFields = `contracts.id, contracts.updated_at, ${SEARCHED_COLUMNS_SQL}`
  const hoursWalk = hasTrigrams(search)
  const deepIds = hoursWalk
    ? `SELECT contracts.id
         FROM ${nameHoursWalkSql(walkedFields, 'columns.key', matching, endSql)}
        ORDER BY ${NAME_HOURS_ORDER_SQL} LIMIT ${endSql}`
    : `SELECT contracts.id FROM ${walkOf(walkedFields, newest, cardRows)}
        WHERE ${matching} ORDER BY ${newest} LIMIT ${endSql}`
  /**
   * Whether a column larger than a sample is sampled: for a term with
   * trigrams, only when one of its newest or oldest hours may hold it
   * (endHoursHoldTermSql); a rare word is left to the trigram index at once
   * (the samples were 2.4 of a "4821" board's 3.3 ms)
   */
  const sampled = hoursWalk ? endHoursHoldTermSql('columns.key') : 'true'
  /**
   * Whether the column may hold the term at all: a column whose names'
   * bits lack a piece of it (statusMayHoldTermSql) is empty, counted 0
   * with no cards, never sampled nor read through its trigram index
   */
  const mayHold = hoursWalk ? statusMayHoldTermSql('columns.key') : 'true'
  /** The newest sample settles the column's cards: it read the whole column, or past its `end`-th match */
  const sampleCards = `columns.total <= ${sampleRows} OR columns.newest >= ${endSql}`
  return {
    ctes: `WITH column_totals AS MATERIALIZED (
         SELECT status, total FROM contract_status_counters WHERE company_id = :companyId),
       column_counts AS MATERIALIZED (
         SELECT columns.key, columns.asked, counter.total, sample.newest, sample.oldest, walk.counted,
                holding.yes AS may_hold,
                NOT columns.asked OR NOT holding.yes OR coalesce(walk.counted > ${columnCap}
                  OR walk.counted IS NOT NULL AND counter.total <= ${countRows}, false) AS counts
           FROM unnest(${keysSql}, ${askedSql}) AS columns(key, asked)
          CROSS JOIN LATERAL (
                SELECT coalesce((SELECT total FROM column_totals WHERE status = columns.key), 0) AS total
                OFFSET 0
              ) counter
          CROSS JOIN LATERAL (
                SELECT columns.asked AND counter.total > 0 AND ${mayHold} AS yes OFFSET 0) holding
          CROSS JOIN LATERAL (
                SELECT holding.yes AND (${small} OR ${sampled}) AS yes OFFSET 0) sampling
          CROSS JOIN LATERAL (
                SELECT CASE WHEN sampling.yes THEN ${hits(newest, sampleRows)} END AS newest,
                       CASE WHEN sampling.yes AND NOT ${small}
                            THEN ${hits(oldest, sampleRows)} END AS oldest
                OFFSET 0) sample
          CROSS JOIN LATERAL (
                SELECT CASE WHEN NOT holding.yes THEN 0
                            WHEN ${small} THEN sample.newest
                            WHEN sample.oldest >= ${worthWalking} THEN ${hits(oldest, countRows)}
                            WHEN sample.newest >= ${worthWalking} THEN ${hits(newest, countRows)}
                       END AS counted
                OFFSET 0) walk),
       column_walks AS MATERIALIZED (
         SELECT columns.key, coalesce(columns.counted, 0) AS found, columns.counts, deep.ids,
                NOT columns.asked OR NOT columns.may_hold OR coalesce(walk.carded >= ${endSql}
                  OR walk.carded IS NOT NULL AND columns.total <= ${cardRows}${hoursWalk ? ' OR deep.ids IS NOT NULL' : ''}, false) AS pages
           FROM column_counts columns
          CROSS JOIN LATERAL (
                SELECT CASE WHEN NOT columns.may_hold THEN CAST('{}' AS uuid[])
                            WHEN ${sampleCards} THEN NULL
                            WHEN greatest(columns.oldest, columns.newest) >= ${worthWalking}
                            THEN ARRAY(${deepIds})
                       END AS ids
                OFFSET 0) deep
          CROSS JOIN LATERAL (
                SELECT CASE WHEN ${sampleCards} THEN columns.newest
                            ELSE cardinality(deep.ids)
                       END AS carded
                OFFSET 0) walk),
       unsettled AS MATERIALIZED (
         SELECT coalesce(array_agg(key) FILTER (WHERE NOT (counts AND pages)), '{}') AS keys,
                coalesce(bool_or(found > ${columnCap}), false) AS by_status
           FROM column_walks),
       ${rankedMatchesSql(
         `${companyMatchesSql('contracts.id, contracts.status, contracts.updated_at', matching, search, unsettledStatuses)}
          WHERE (contracts.status = ANY(${unsettledKeys})) IS TRUE`,
         endSql
       )}`,
    perColumnSql: 'JOIN column_walks walked ON walked.key = columns.key',
    cards: `(${cardsOf(walkOf(WALKED_COLUMNS_SQL, newest, cardRows), `${matching} AND walked.pages AND walked.ids IS NULL`)})
              UNION ALL
              (SELECT ${LIST_COLUMNS_SQL}, walked_ids.position - :offset AS shown
                 FROM unnest(walked.ids) WITH ORDINALITY AS walked_ids(id, position)
                CROSS JOIN LATERAL (
                      SELECT ${LIST_COLUMNS_SQL} FROM contracts WHERE contracts.id = walked_ids.id LIMIT 1
                    ) contracts
                WHERE walked.pages AND walked_ids.position > :offset)
              UNION ALL
              (${cardsOf('match_cards contracts', `${ofColumn} AND NOT walked.pages`)})`,
    counted: `SELECT CASE WHEN walked.counts THEN walked.found
                          ELSE coalesce((SELECT found FROM match_counts
                                          WHERE columns.asked AND status = columns.key), 0)
                     END AS total OFFSET 0`,
    overflow: 'false',
  }
}

/**
 * The CTEs of a board search's matches (the `contracts` rows of `from`,
 * with id, status and updated_at): `matches`, ranked in card order within
 * their status by one sort; `match_counts`, per status; `match_cards`, the
 * first `end` cards of each status, each card's fields by a key probe
 * (LATERAL ... LIMIT 1: planned for a word, a join hashed every contract
 * of the table, 120 ms)
 */
const rankedMatchesSql = (from: string, endSql: string) => `matches AS MATERIALIZED (
         SELECT contracts.id, contracts.status,
                row_number() OVER (PARTITION BY contracts.status COLLATE "C"
                                   ORDER BY ${newestFirstSql({})}) AS rank
           FROM ${from}),
       match_counts AS MATERIALIZED (
         SELECT status, count(*)::int AS found FROM matches GROUP BY status),
       match_cards AS MATERIALIZED (
         SELECT card.* FROM matches
          CROSS JOIN LATERAL (
                SELECT ${LIST_COLUMNS_SQL} FROM contracts WHERE contracts.id = matches.id LIMIT 1
              ) card
          WHERE matches.rank <= ${endSql})`

/**
 * The cards and the count of each column under a search for a rare term
 * (TermRarity: one of its trigrams is in few names of the whole table):
 * the company's matches in the asked columns are read once, through the
 * trigram index (companyMatchesSql), up to RARE_TERM_MATCHES (+ 1:
 * `overflow` then tells the caller to read the board as
 * searchedColumnsSql does), ranked in card order within their status by
 * one sort; each column reads its count and its cards from them. For such
 * a term the columns' samples and walks of searchedColumnsSql cost more
 * than the matches (a "4821" board at 10x: 4.4-5.7 ms of machine a
 * request, 2.4-2.6 this way).
 */
function rareTermColumnsSql(
  { matching, search }: { matching: string; search: string },
  askedKeys: readonly string[],
  { perColumn }: { perColumn: number },
  cardsOf: (rows: string, where: string) => string
) {
  const endSql = `CAST(:offset AS int) + ${perColumn + 1}`
  const askedSql = `contracts.status = ANY(ARRAY[${askedKeys.map((key) => `'${key}'`).join(',')}]::text[])`
  const fields = 'contracts.id, contracts.status, contracts.updated_at'
  return {
    ctes: `WITH ${rankedMatchesSql(
      `(SELECT * FROM ${companyMatchesSql(fields, `${matching} AND ${askedSql}`, search)}
         LIMIT ${RARE_TERM_MATCHES + 1}) contracts`,
      endSql
    )}`,
    perColumnSql: '',
    cards: cardsOf('match_cards contracts', 'columns.asked AND contracts.status = columns.key'),
    counted: `SELECT coalesce((SELECT found FROM match_counts
                                WHERE columns.asked AND status = columns.key), 0) AS total OFFSET 0`,
    overflow: `(SELECT count(*) > ${RARE_TERM_MATCHES} FROM matches)`,
  }
}

/** H2 (see contractBoardSql) */
export default class BoardContracts {
  /** `versions`: the context's read versions; the body is cached under them (ReadCache) */
  handle(
    company: Company,
    filters: ContractFilters,
    versions: ReadVersions | null = null
  ): Promise<Buffer> {
    const key = readCacheKey('contracts-board', [company.id, filters])
    return readCache.text(key, versions, READ_SCOPES['contracts-board'], () =>
      readContractsBody(filters, (rareTerm) => contractBoardSql(company.id, filters, { rareTerm }))
    )
  }
}
