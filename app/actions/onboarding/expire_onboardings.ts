import db from '@adonisjs/lucid/services/db'
import { withAdvisoryLock } from '#support/advisory_lock'

/** Advisory lock key of the sweep: one instance runs it at a time */
export const ONBOARDING_SWEEP_LOCK = 7_638_060_001

export interface SweepResult {
  /** False when another instance holds the lock (nothing was done) */
  locked: boolean
  expired: number
}

/**
 * Marks `pending` onboardings past their expiry as `expired`, in batches.
 * Submitted onboardings never expire. Idempotent: a second run finds
 * nothing. Holds a Postgres advisory lock for the whole run.
 */
export default class ExpireOnboardings {
  async handle(options: { batchSize?: number; onBatch?: (count: number) => void } = {}) {
    const batchSize = options.batchSize ?? 500
    return db.transaction(async (trx): Promise<SweepResult> => {
      const outcome = await withAdvisoryLock(trx, ONBOARDING_SWEEP_LOCK, async () => {
        let expired = 0
        for (;;) {
          const result = await trx.rawQuery(
            `UPDATE onboardings SET status = 'expired', updated_at = now()
             WHERE id IN (
               SELECT id FROM onboardings
               WHERE status = 'pending' AND expires_at < now()
               LIMIT ? FOR UPDATE SKIP LOCKED
             )`,
            [batchSize]
          )
          const count = result.rowCount ?? 0
          if (count === 0) break
          expired += count
          options.onBatch?.(count)
        }
        return expired
      })
      return outcome.acquired
        ? { locked: true, expired: outcome.result }
        : { locked: false, expired: 0 }
    })
  }
}
