import db from '@adonisjs/lucid/services/db'

/**
 * The SQL statements `send` makes (the global test transaction's
 * savepoints left out): how many round trips a request costs, and what
 * each one asks.
 */
export async function statementsOf(send: () => Promise<unknown>) {
  const sql: string[] = []
  const listen = (query: { sql: string }) => sql.push(query.sql)
  const knex = db.connection().getWriteClient()
  knex.on('query', listen)
  try {
    await send()
  } finally {
    knex.off('query', listen)
  }
  return sql.filter((text) => !/^\s*(savepoint|release savepoint|rollback to)/i.test(text))
}
