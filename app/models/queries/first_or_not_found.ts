import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#exceptions/http_exceptions'
import { prepared } from '#support/prepared_statement'

/**
 * The tail every tenant finder shares: the first row of the query, locked
 * (`FOR UPDATE`) when read in the caller's transaction, else 404 with the
 * resource's message. The query is a prepared statement (`prepared`): a
 * finder names its row by its key within its tenant, so its plan never
 * depends on the values, and PostgreSQL planned it on every run (a
 * contract's, 0.2 ms of planning for 0.1 ms of running, on every save).
 */
export async function firstOrNotFound<Row>(
  query: { knexQuery: unknown; forUpdate(): unknown; first(): Promise<Row | null> },
  message: string,
  trx?: TransactionClientContract
): Promise<Row> {
  if (trx) query.forUpdate()
  const row = await prepared(query).first()
  if (!row) throw new NotFoundException(message)
  return row
}
