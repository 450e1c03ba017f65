import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * A raw query sent as a named prepared statement (the pg driver prepares
 * `name` once per pooled connection, then only binds and executes it):
 * PostgreSQL parses and plans it once per connection instead of on every
 * request, and after five runs keeps a generic plan. For the few
 * statements every screen runs (the authenticated floor, the company
 * list, the unread counter), where planning cost more than executing.
 *
 * The name must be unique per SQL text: the driver refuses a name reused
 * for another text. Needs a session-pooled connection (not PgBouncer in
 * transaction mode), as the rest of the service (advisory locks, LISTEN).
 */
export function preparedQuery(
  name: string,
  sql: string,
  bindings: unknown[],
  client: QueryClientContract = db.connection()
) {
  const query = client.rawQuery(sql, bindings as any[])
  query.knexQuery.options({ name })
  return query
}
