import db from '@adonisjs/lucid/services/db'

type Tasks<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> }

/**
 * Independent reads of one request, at once: in parallel on the pool, where
 * each query takes its own connection, and one after the other when the
 * default connection is a transaction (the tests' global transaction). A
 * transaction is one connection: pg 8 queues overlapping queries on it with
 * a deprecation warning, and pg 9 refuses them.
 */
export async function parallelReads<T extends readonly unknown[]>(tasks: Tasks<T>): Promise<T> {
  if (!db.connection().isTransaction) {
    return (await Promise.all(tasks.map((task) => task()))) as unknown as T
  }
  const results: unknown[] = []
  for (const task of tasks) results.push(await task())
  return results as unknown as T
}
