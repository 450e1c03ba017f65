import client from 'prom-client'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { outboxStatus } from '#services/platform/outbox_admin'
import { GENERIC_PLANS_CONNECTION } from '#config/database'

/**
 * The Prometheus registry of `GET /metrics`: process metrics (prom-client
 * defaults), HTTP request durations (observed by the request observer
 * middleware), the database pool and the outbox. One registry per process:
 * each API instance is scraped on its own.
 */
export const metricsRegistry = new client.Registry()
client.collectDefaultMetrics({ register: metricsRegistry })

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route name (pattern when unnamed), method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

/** The hot lists' cache (ReadCache): lookups by list and result */
export const readCacheLookups = new client.Counter({
  name: 'read_cache_lookups_total',
  help: 'Cached list reads by list and result (hit; miss: never read; stale: read under older versions; bypass: no versions to check)',
  labelNames: ['read', 'result'] as const,
  registers: [metricsRegistry],
})

/** A connection's pool (tarn); null before its first query opens it */
function pool(connection: string) {
  return db.manager.get(connection)?.connection?.pool ?? null
}

new client.Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by pool (main, generic_plans): in_use, idle, waiting (acquires queued for a connection)',
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    /** The main connection's, and the lists' generic-plan sessions' */
    const pools = { main: db.primaryConnectionName, generic_plans: GENERIC_PLANS_CONNECTION }
    for (const [label, connection] of Object.entries(pools)) {
      const current = pool(connection)
      this.set({ pool: label, state: 'in_use' }, current?.numUsed() ?? 0)
      this.set({ pool: label, state: 'idle' }, current?.numFree() ?? 0)
      this.set({ pool: label, state: 'waiting' }, current?.numPendingAcquires() ?? 0)
    }
  },
})

const outboxDeliveries = new client.Gauge({
  name: 'outbox_deliveries',
  help: 'Outbox deliveries by kind (channel) and state (pending, sent, dead, skipped)',
  labelNames: ['kind', 'state'] as const,
  registers: [metricsRegistry],
})

const outboxOldestPending = new client.Gauge({
  name: 'outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest pending delivery by kind (0 when none waits)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
})

const outboxUp = new client.Gauge({
  name: 'outbox_status_up',
  help: '1 when the outbox figures of this scrape were read from the database, else 0',
  registers: [metricsRegistry],
})

/** Reads the outbox once per scrape (three grouped queries); a database outage sets up = 0 */
async function refreshOutbox() {
  outboxDeliveries.reset()
  outboxOldestPending.reset()
  try {
    for (const kind of await outboxStatus()) {
      for (const [state, count] of Object.entries(kind.counts)) {
        outboxDeliveries.set({ kind: kind.kind, state }, count)
      }
      outboxOldestPending.set({ kind: kind.kind }, kind.oldestPendingSeconds ?? 0)
    }
    outboxUp.set(1)
  } catch (error) {
    logger.warn({ err: error }, 'metrics: outbox figures unavailable')
    outboxUp.set(0)
  }
}

/** The Prometheus text exposition of every metric */
export async function renderMetrics() {
  await refreshOutbox()
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() }
}
