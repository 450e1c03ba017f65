import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'

interface Params {
  days: number
  batchSize?: number
  onProgress?: (deleted: number) => void
}

/**
 * Retention: deletes notifications older than `days`, `batchSize` rows per
 * statement (each its own short transaction, served by the BRIN index
 * on created_at), so a large backlog never holds long locks.
 */
@inject()
export default class PruneNotifications {
  constructor(protected clock: Clock) {}

  async handle({ days, batchSize = 5000, onProgress }: Params) {
    const cutoff = this.clock.local().minus({ days }).toJSDate()
    let total = 0
    for (;;) {
      const result = await db.rawQuery(
        `DELETE FROM notifications WHERE id IN (
           SELECT id FROM notifications WHERE created_at < ? LIMIT ?
         )`,
        [cutoff, batchSize]
      )
      const deleted = result.rowCount ?? 0
      total += deleted
      if (deleted > 0) onProgress?.(total)
      if (deleted < batchSize) return total
    }
  }
}
