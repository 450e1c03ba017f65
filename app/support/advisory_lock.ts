import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * An advisory lock key: a number is the lock's bigint itself (sweeps that
 * publish their key for tests and operators), a string goes through
 * PostgreSQL's `hashtext()` (names built from ids, such as a work day).
 */
export type AdvisoryLockKey = number | string

export type LockOutcome<T> = { acquired: false } | { acquired: true; result: T }

/**
 * Runs `task` holding the transaction-scoped PostgreSQL advisory lock
 * `key` in `trx`: the lock goes with the transaction (commit or rollback),
 * so no path can leave it held. By default it only tries
 * (`pg_try_advisory_xact_lock`): when another transaction holds it, the
 * task does not run and the outcome is `{acquired: false}` (a sweep that
 * one instance among many runs). With `{wait: true}` it waits for the lock
 * (`pg_advisory_xact_lock`) and returns the task's result (concurrent
 * writers taking turns).
 */
export async function withAdvisoryLock<T>(
  trx: TransactionClientContract,
  key: AdvisoryLockKey,
  task: () => Promise<T>,
  options?: { wait?: false }
): Promise<LockOutcome<T>>
export async function withAdvisoryLock<T>(
  trx: TransactionClientContract,
  key: AdvisoryLockKey,
  task: () => Promise<T>,
  options: { wait: true }
): Promise<T>
export async function withAdvisoryLock<T>(
  trx: TransactionClientContract,
  key: AdvisoryLockKey,
  task: () => Promise<T>,
  { wait = false }: { wait?: boolean } = {}
): Promise<LockOutcome<T> | T> {
  const lockKey = typeof key === 'number' ? '?::bigint' : 'hashtext(?)'
  if (wait) {
    await trx.rawQuery(`SELECT pg_advisory_xact_lock(${lockKey})`, [key])
    return task()
  }
  const { rows } = await trx.rawQuery(`SELECT pg_try_advisory_xact_lock(${lockKey}) AS locked`, [
    key,
  ])
  if (!rows[0].locked) return { acquired: false }
  return { acquired: true, result: await task() }
}
