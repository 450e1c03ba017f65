import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#exceptions/http_exceptions'

/**
 * The tail every tenant finder shares: the first row of the query, locked
 * (`FOR UPDATE`) when read in the caller's transaction, else 404 with the
 * resource's message.
 */
export async function firstOrNotFound<Row>(
  query: { forUpdate(): unknown; first(): Promise<Row | null> },
  message: string,
  trx?: TransactionClientContract
): Promise<Row> {
  if (trx) query.forUpdate()
  const row = await query.first()
  if (!row) throw new NotFoundException(message)
  return row
}
