import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import { isoTimestamp } from '#support/iso_timestamp'
import type Company from '#models/company'
import {
  applyContractFilters,
  CARD_COLUMNS,
  type ContractFilters,
} from '#actions/contracts/list_contracts'
import { CONTRACT_STATUSES, type ContractStatus } from '#enums/contract_status'
import { parallelReads } from '#support/parallel_reads'

/**
 * Cards per board column: about what a column shows on a screen; the rest
 * is loaded by column (`column` + `offset`), so the board's cost is 15
 * short columns whatever the company's size.
 */
export const BOARD_COLUMN_LIMIT = 20
/** Column totals are counted up to this value (then `totalCapped` is true) */
export const BOARD_TOTAL_CAP = 1000

interface CardRow {
  id: string
  name: string
  status: ContractStatus
  progress: number
  created_at: Date
  updated_at: Date
}

/** A board card: the spec's list fields, as ContractDto.record writes them */
export type BoardCard = ReturnType<typeof toCard>
const toCard = (row: CardRow) => ({
  id: row.id,
  name: row.name,
  status: row.status,
  progress: row.progress,
  createdAt: isoTimestamp(row.created_at),
  updatedAt: isoTimestamp(row.updated_at),
})

/**
 * H2: every column in the spec's order, each with its newest contracts
 * (capped) and its total. The cards are one LATERAL query walking the
 * partial (company_id, status, updated_at) index once per column (only the
 * card fields, never the snapshot); the totals are the kept counters
 * (contract_status_counters), or with a search/ref/progress filter a count
 * of the matches up to BOARD_TOTAL_CAP, so the board costs the same however
 * many contracts the company has. `column` (+ `offset`) loads more cards
 * of one column.
 */
export default class BoardContracts {
  async handle(company: Company, { column, offset = 0, ...filters }: ContractFilters) {
    const statuses = (
      filters.status?.length
        ? CONTRACT_STATUSES.filter((status) => filters.status!.includes(status))
        : [...CONTRACT_STATUSES]
    ).filter((status) => !column || status === column)
    if (!statuses.length) return []

    const perColumn = (limit: number) =>
      applyContractFilters(
        Contract.query().withScopes((scopes) => scopes.ownedBy(company.id)),
        { ...filters, status: undefined }
      )
        .whereRaw('contracts.status = columns.key')
        .orderBy('contracts.updated_at', 'desc')
        .orderBy('contracts.id', 'desc')
        .limit(limit)
    /** One card more than shown tells whether the column has more */
    const cards = perColumn(BOARD_COLUMN_LIMIT + 1)
      .offset(offset)
      .select(CARD_COLUMNS)
      .toSQL()
    const counted = perColumn(BOARD_TOTAL_CAP + 1)
      .clearOrder()
      .select(db.raw('1'))
      .toSQL()

    /**
     * Without a row filter (search, ref, progress) the totals are the
     * trigger-kept counters (one primary-key range read, exact at any
     * size); a filtered board counts its matches up to BOARD_TOTAL_CAP.
     */
    const unfiltered = !filters.search && !filters.ref && !filters.progress
    const [rows, counts] = await parallelReads([
      () =>
        db.rawQuery(
          `SELECT c.* FROM unnest(?::text[]) AS columns(key) CROSS JOIN LATERAL (${cards.sql}) c`,
          [statuses, ...cards.bindings]
        ),
      () =>
        unfiltered
          ? db.rawQuery(
              `SELECT status AS key, total FROM contract_status_counters
                WHERE company_id = ? AND status = ANY(?::text[])`,
              [company.id, statuses]
            )
          : db.rawQuery(
              `SELECT columns.key, (SELECT count(*) FROM (${counted.sql}) capped)::int AS total
                 FROM unnest(?::text[]) AS columns(key)`,
              [...counted.bindings, statuses]
            ),
    ])
    /** Exact counts are never capped; only a filtered count stops at the cap */
    const cap = unfiltered ? Number.POSITIVE_INFINITY : BOARD_TOTAL_CAP
    /** Plain rows straight to the card shape, no model and no Luxon per card */
    const contracts = (rows.rows as CardRow[]).map(toCard)
    const totals = new Map<string, number>(
      counts.rows.map((row: { key: string; total: number }) => [row.key, row.total])
    )

    return CONTRACT_STATUSES.filter((key) => !column || key === column).map(
      (key: ContractStatus) => {
        const total = totals.get(key) ?? 0
        const cardsOfColumn = contracts.filter((contract) => contract.status === key)
        return {
          key,
          total: Math.min(total, cap),
          totalCapped: total > cap,
          hasMore: cardsOfColumn.length > BOARD_COLUMN_LIMIT,
          contracts: cardsOfColumn.slice(0, BOARD_COLUMN_LIMIT),
        }
      }
    )
  }
}
