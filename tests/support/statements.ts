import db from '@adonisjs/lucid/services/db'

/** A statement a request sent: its text and the values bound to it */
export interface SentQuery {
  sql: string
  bindings: readonly unknown[]
}

/**
 * The statements `send` makes, with their bindings (the global test
 * transaction's savepoints left out).
 */
export async function queriesOf(send: () => Promise<unknown>) {
  const queries: SentQuery[] = []
  const listen = (query: { sql: string; bindings?: readonly unknown[] }) =>
    queries.push({ sql: query.sql, bindings: query.bindings ?? [] })
  const knex = db.connection().getWriteClient()
  knex.on('query', listen)
  try {
    await send()
  } finally {
    knex.off('query', listen)
  }
  return queries.filter(({ sql }) => !/^\s*(savepoint|release savepoint|rollback to)/i.test(sql))
}

/**
 * The SQL statements `send` makes: how many round trips a request costs,
 * and what each one asks.
 */
export async function statementsOf(send: () => Promise<unknown>) {
  return (await queriesOf(send)).map(({ sql }) => sql)
}
