import { createHash } from 'node:crypto'
import type { RawQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'

/**
 * Sends a raw query as a named prepared statement of the connection that
 * runs it (node-postgres parses it once per connection, then only binds
 * and executes). For the big JSON-building statements of the hot lists:
 * PostgreSQL planned them on every request, and planning cost more
 * than running them (C1: 6-9 ms of planning for 2.5-3.5 ms of execution at
 * 10x). A prepared statement keeps its plan for the session; after five
 * executions PostgreSQL keeps a generic plan when it costs no more than the
 * custom ones, so keep every value that changes the plan's shape (a LIMIT
 * from a constant, say) in the text, and only values the plan does not
 * depend on as bindings.
 *
 * The name is a digest of the SQL text (node-postgres refuses one name for
 * two texts), so each variant of a statement (optional filters) is its own
 * prepared statement. Only the plan is kept, never data: PostgreSQL
 * invalidates it on any schema change of the tables it reads.
 */
export function asPreparedStatement<Query extends RawQueryBuilderContract>(query: Query): Query {
  const digest = createHash('sha1').update(query.knexQuery.toSQL().sql).digest('hex')
  query.knexQuery.options({ name: `prepared_${digest}` })
  return query
}
