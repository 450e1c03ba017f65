import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

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
export default class PruneNotifications {
  async handle({ days, batchSize = 5000, onProgress }: Params) {
    const cutoff = DateTime.now().minus({ days }).toJSDate()
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
