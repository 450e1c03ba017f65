import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** Rows per INSERT: stays far below PostgreSQL's 65535 bind parameters */
const ROWS_PER_STATEMENT = 1000

/**
 * Multi-row inserts of `rows` into `table` (one statement per 1000 rows),
 * returning `returning` of every row.
 */
export async function batchInsert<T = Record<string, unknown>>(
  trx: TransactionClientContract,
  table: string,
  rows: Record<string, unknown>[],
  returning = 'id'
): Promise<T[]> {
  const inserted: T[] = []
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
    inserted.push(...(await trx.insertQuery().table(table).multiInsert(chunk).returning(returning)))
  }
  return inserted
}
