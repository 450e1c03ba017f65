import { createHash } from 'node:crypto'
import type { RawQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'

/**
 * Runs a raw query as a named prepared statement of the connection (the
 * name is a digest of its text, so one text, one statement): PostgreSQL
 * parses it once per pooled connection and, after a few runs, reuses a
 * generic plan instead of planning each call. For a hot statement with a
 * bounded set of texts only (each text stays prepared on every pooled
 * connection); the plan is a plan, not data: DDL and ANALYZE invalidate it.
 */
export function preparedOnConnection<Query extends RawQueryBuilderContract>(
  query: Query,
  sql: string
) {
  const name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`
  query.knexQuery.options({ name })
  return query
}
