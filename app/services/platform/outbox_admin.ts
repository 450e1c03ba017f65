import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { OUTBOX_CHANNELS, type DeliveryStatus } from '#models/delivery'
import { parallelReads } from '#support/parallel_reads'
import { wallNow } from '#services/platform/clock'

export const DELIVERY_STATES: DeliveryStatus[] = ['pending', 'sent', 'dead', 'skipped']

export interface KindStatus {
  kind: string
  counts: Record<DeliveryStatus, number>
  /** Seconds since the oldest pending delivery was queued; null when none waits */
  oldestPendingSeconds: number | null
  /** The latest failed (or interrupted) attempt of the kind */
  lastError: { deliveryId: string; attempt: number; at: DateTime; error: string } | null
}

/** A kind's latest failed attempt, as the status reads it */
interface LastErrorRow {
  channel: string
  delivery_id: string
  attempt: number
  finished_at: Date
  error: string | null
}

/**
 * The outbox per kind (channel) and state, for `node ace queue:status`
 * and `/metrics`. Three queries through indexes:
 * - the counts, index-only on (channel, status, created_at); they grow with
 *   the outbox's history (sent deliveries are kept);
 * - each kind's oldest pending delivery, the front of its range there
 *   (reading the rows took 386 ms with 180,895 pending e-mails at 10x);
 * - each kind's last error, the back of its range of the failed attempts
 *   (a sort of every failed attempt took about 0.5 s for 300,000).
 * The ages and the errors are a probe per kind of OUTBOX_CHANNELS.
 */
export async function outboxStatus(now = wallNow()): Promise<KindStatus[]> {
  const [counts, oldest, errors] = await parallelReads([
    () =>
      db
        .from('deliveries')
        .select('channel', 'status')
        .count('* as count')
        .groupBy('channel', 'status'),
    /** Each kind's oldest pending row: the front of its range of the (channel, status, created_at) index */
    () =>
      db
        .rawQuery(
          `SELECT kinds.channel,
                  (SELECT d.created_at FROM deliveries d
                    WHERE d.channel = kinds.channel AND d.status = 'pending'
                    ORDER BY d.created_at LIMIT 1) AS oldest
             FROM unnest(CAST(? AS text[])) AS kinds(channel)`,
          [[...OUTBOX_CHANNELS]]
        )
        .then((result) => result.rows as { channel: string; oldest: Date | null }[]),
    /** Each kind's latest failed attempt: the back of its range of delivery_attempts_failed_by_kind */
    () =>
      db
        .rawQuery(
          `SELECT kinds.channel, last.delivery_id, last.attempt, last.finished_at, last.error
           FROM unnest(CAST(? AS text[])) AS kinds(channel)
          CROSS JOIN LATERAL (
                SELECT a.delivery_id, a.attempt, a.finished_at, a.error FROM delivery_attempts a
                 WHERE a.channel = kinds.channel AND a.outcome IN ('failed', 'interrupted')
                 ORDER BY a.finished_at DESC LIMIT 1) last`,
          [[...OUTBOX_CHANNELS]]
        )
        .then((result) => result.rows as LastErrorRow[]),
  ])

  const kinds = new Map<string, KindStatus>()
  const kindOf = (kind: string) => {
    if (!kinds.has(kind)) {
      const zero = Object.fromEntries(DELIVERY_STATES.map((state) => [state, 0]))
      kinds.set(kind, {
        kind,
        counts: zero as KindStatus['counts'],
        oldestPendingSeconds: null,
        lastError: null,
      })
    }
    return kinds.get(kind)!
  }
  for (const row of counts)
    kindOf(row.channel).counts[row.status as DeliveryStatus] = Number(row.count)
  for (const row of oldest) {
    if (!row.oldest) continue
    const age = now.diff(DateTime.fromJSDate(row.oldest), 'seconds').seconds
    kindOf(row.channel).oldestPendingSeconds = Math.max(0, Math.round(age))
  }
  for (const row of errors) {
    kindOf(row.channel).lastError = {
      deliveryId: row.delivery_id,
      attempt: row.attempt,
      at: DateTime.fromJSDate(row.finished_at),
      error: row.error ?? '',
    }
  }
  return [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind))
}

export type RequeueTarget = { id: string } | { dead: true }

/**
 * Puts deliveries back in the queue, due now, with a fresh attempt budget
 * (`requeued_at_attempt` = attempts so far; the attempt numbers and the
 * history go on). By id: a pending, dead or skipped one (a sent one is
 * never sent again; a pending one in flight keeps its lease); `dead`:
 * every dead one. Returns how many.
 */
export async function requeueDeliveries(target: RequeueTarget, now = wallNow()) {
  const query = db.from('deliveries')
  if ('id' in target) query.where('id', target.id).whereIn('status', ['pending', 'dead', 'skipped'])
  else query.where('status', 'dead')
  const rows: { id: string }[] = await query.update(
    {
      status: 'pending',
      next_attempt_at: now.toJSDate(),
      requeued_at_attempt: db.knexRawQuery('attempts'),
      updated_at: now.toJSDate(),
    },
    ['id']
  )
  return rows.length
}
