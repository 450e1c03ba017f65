import { hostname } from 'node:os'
import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'

/** Claims older than this are removed by the next claim of their schedule */
const KEEP_DAYS = 7

const worker = `${hostname()}:${process.pid}`

/**
 * Claims the run of `schedule` due at `dueAt` (the instant croner scheduled
 * the tick for, the same on every worker) for this worker: true for the
 * first worker of a tick, false for the others (schedule_runs' key).
 */
export async function claimScheduledRun(schedule: string, dueAt: DateTime): Promise<boolean> {
  const due = dueAt.toISO()
  const { rows } = await db.rawQuery(
    `WITH pruned AS (
       DELETE FROM schedule_runs
        WHERE schedule = ? AND due_at < ?::timestamptz - make_interval(days => ?)
     )
     INSERT INTO schedule_runs (schedule, due_at, worker) VALUES (?, ?::timestamptz, ?)
     ON CONFLICT DO NOTHING RETURNING 1 AS claimed`,
    [schedule, due, KEEP_DAYS, schedule, due, worker]
  )
  return rows.length > 0
}
