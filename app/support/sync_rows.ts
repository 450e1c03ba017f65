import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UnprocessableException } from '#exceptions/http_exceptions'
import { nowUtc } from '#support/clock'

export type Row = { id: string } & Record<string, unknown>

/**
 * Makes the rows of `table` for the contract exactly `rows`: rows whose id
 * is in the list are updated in place (their children survive), new ids
 * are inserted, the others deleted. An id already used by another
 * contract is refused (422), never overwritten.
 */
export async function syncContractRows(
  trx: TransactionClientContract,
  table: string,
  contractId: string,
  rows: Row[],
  scope: Record<string, unknown> = {}
) {
  const ids = rows.map((row) => row.id)
  if (new Set(ids).size !== ids.length) {
    throw new UnprocessableException('errors.duplicate_id', {
      data: { table: table.replace('contract_', '') },
    })
  }
  if (ids.length) {
    const foreign = await trx
      .from(table)
      .whereIn('id', ids)
      .whereNot('contract_id', contractId)
      .select('id')
      .first()
    if (foreign) throw new UnprocessableException('errors.id_in_use', { data: { id: foreign.id } })
  }

  await trx
    .from(table)
    .where('contract_id', contractId)
    .where(scope)
    .if(ids.length, (query) => query.whereNotIn('id', ids))
    .delete()
  if (!rows.length) return

  const now = nowUtc().toJSDate()
  const values = rows.map((row) => ({ ...row, contract_id: contractId, updated_at: now }))
  const columns = Object.keys(values[0]).filter((column) => column !== 'id')
  await trx
    .knexQuery()
    .table(table)
    .insert(values.map((value) => ({ ...value, created_at: now })))
    .onConflict('id')
    .merge(columns)
}
