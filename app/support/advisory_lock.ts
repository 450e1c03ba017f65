import db from '@adonisjs/lucid/services/db'

export type LockOutcome<T> = { acquired: false } | { acquired: true; result: T }

/**
 * Runs `task` while holding the PostgreSQL session advisory lock `name`
 * (pg_try_advisory_lock on a dedicated pooled connection), so one instance
 * among many runs a sweep; the others get `{acquired: false}` at once.
 */
export async function withAdvisoryLock<T>(
  name: string,
  task: () => Promise<T>
): Promise<LockOutcome<T>> {
  const client = db.connection().getWriteClient().client
  const connection = await client.acquireConnection()
  try {
    const { rows } = await connection.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      name,
    ])
    if (!rows[0].locked) return { acquired: false }
    try {
      return { acquired: true, result: await task() }
    } finally {
      await connection.query('SELECT pg_advisory_unlock(hashtext($1))', [name])
    }
  } finally {
    await client.releaseConnection(connection)
  }
}
