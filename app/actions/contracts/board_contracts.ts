import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import type Company from '#models/company'
import { applyContractFilters, type ContractFilters } from '#actions/contracts/list_contracts'
import { CONTRACT_STATUSES, type ContractStatus } from '#support/contract_status'

/** Contracts per board column; `total` tells how many the column really has */
export const BOARD_COLUMN_LIMIT = 50

/**
 * H2: every column in the spec's order, each with its newest contracts
 * (capped) and its total. One LATERAL query walks the
 * (company_id, status, updated_at) index once per column; one grouped
 * count gives the totals.
 */
export default class BoardContracts {
  async handle(company: Company, filters: ContractFilters) {
    const statuses = filters.status?.length
      ? CONTRACT_STATUSES.filter((status) => filters.status!.includes(status))
      : [...CONTRACT_STATUSES]
    const scoped = { ...filters, status: undefined }

    const perColumn = applyContractFilters(
      Contract.query().withScopes((scopes) => scopes.ownedBy(company.id)),
      scoped
    )
      .whereRaw('contracts.status = columns.key')
      .orderBy('contracts.updated_at', 'desc')
      .orderBy('contracts.id', 'desc')
      .limit(BOARD_COLUMN_LIMIT)
      .select('contracts.*')
      .toSQL()

    const rows = statuses.length
      ? await db.rawQuery(
          `SELECT c.* FROM unnest(?::text[]) AS columns(key) CROSS JOIN LATERAL (${perColumn.sql}) c`,
          [statuses, ...perColumn.bindings]
        )
      : { rows: [] }
    const contracts = (rows.rows as Record<string, unknown>[]).map((row) =>
      Contract.$createFromAdapterResult(row)!
    )

    const counts = await applyContractFilters(
      Contract.query().withScopes((scopes) => scopes.ownedBy(company.id)),
      { ...scoped, status: statuses }
    )
      .groupBy('contracts.status')
      .select('contracts.status')
      .count('* as total')
    const totals = new Map(counts.map((row) => [row.status, Number(row.$extras.total)]))

    return CONTRACT_STATUSES.map((key: ContractStatus) => ({
      key,
      total: statuses.includes(key) ? (totals.get(key) ?? 0) : 0,
      contracts: contracts.filter((contract) => contract.status === key),
    }))
  }
}
