import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import Clock from '#services/platform/clock'
import { idempotencyStore } from '#services/platform/idempotency'

interface Params {
  /** Days of audit log kept (default AUDIT_LOG_RETENTION_DAYS, else 365) */
  days?: number
  batchSize?: number
  onProgress?: (deleted: number) => void
}

/**
 * Retention of the integrator tables: audit entries older than the
 * retention period, in batches (each its own short transaction, the only
 * one the append-only trigger lets delete: `app.audit_prune`), and the
 * expired Idempotency-Key answers.
 */
@inject()
export default class PruneAuditLog {
  constructor(protected clock: Clock) {}

  async handle({
    days = env.get('AUDIT_LOG_RETENTION_DAYS') ?? 365,
    batchSize = 5000,
    onProgress,
  }: Params = {}) {
    const now = this.clock.now()
    const cutoff = now.minus({ days }).toJSDate()
    let audit = 0
    for (;;) {
      const deleted = await db.transaction(async (trx) => {
        await trx.rawQuery(`SELECT set_config('app.audit_prune', 'on', true)`)
        const result = await trx.rawQuery(
          `DELETE FROM audit_log WHERE id IN (
             SELECT id FROM audit_log WHERE created_at < ? ORDER BY id LIMIT ?
           )`,
          [cutoff, batchSize]
        )
        await trx.rawQuery(`SELECT set_config('app.audit_prune', '', true)`)
        return result.rowCount ?? 0
      })
      audit += deleted
      if (deleted > 0) onProgress?.(audit)
      if (deleted < batchSize) break
    }
    const idempotency = Number(await idempotencyStore.prune(now))
    return { audit, idempotency }
  }
}
