import pg from 'pg'
import logger from '@adonisjs/core/services/logger'

/** The NOTIFY channel of the trigger notifications_notify_created */
export const NOTIFICATIONS_CREATED = 'notifications_created'
/** The NOTIFY channel of subscribe/unsubscribe requests that reached another instance (live_streams.ts) */
export const LIVE_SUBSCRIPTIONS = 'live_subscriptions'

/** A change to the channels of an event stream, for the instance that holds the stream */
export interface SubscriptionChange {
  op: 'subscribe' | 'unsubscribe'
  uid: string
  channel: string
}

/** A new notification as the trigger announces it (ids only: NOTIFY payloads stop at 8000 bytes) */
export interface CreatedNotification {
  id: string
  userId: string
  companyId: string
}

export interface LiveListenerOptions {
  /** node-postgres connection settings (config/database.ts) */
  connection: pg.ClientConfig
  /** Called with the notifications committed since the last call, in arrival order */
  onCreated: (created: CreatedNotification[]) => Promise<void>
  /** Called with each subscription change another instance relayed */
  onSubscription: (change: SubscriptionChange) => Promise<void>
  /** How long arrivals gather into one call (a broadcast commits in many messages) */
  batchWindowMs?: number
  /** First reconnection delay, doubled after each failure up to maxBackoffMs */
  backoffMs?: number
  maxBackoffMs?: number
}

/**
 * One dedicated PostgreSQL connection per API process, outside the pool
 * (a LISTEN belongs to its session, and a pooled connection is shared),
 * listening to `notifications_created` and `live_subscriptions`. When PostgreSQL drops it (restart,
 * failover, idle cut) it reconnects with exponential backoff and jitter;
 * what was committed meanwhile is not pushed (clients that reconnect read
 * the unread count, polling stays the source of truth).
 */
export class LiveNotificationListener {
  #options: Required<LiveListenerOptions>
  #client: pg.Client | null = null
  #stopped = true
  #failures = 0
  #retry: NodeJS.Timeout | undefined
  #pending: CreatedNotification[] = []
  #flush: NodeJS.Timeout | undefined
  /** Batches run one after the other, so pushes keep the commit order */
  #queue: Promise<void> = Promise.resolve()

  constructor(options: LiveListenerOptions) {
    this.#options = { batchWindowMs: 20, backoffMs: 250, maxBackoffMs: 30_000, ...options }
  }

  /** Whether the LISTEN connection is up */
  get listening() {
    return this.#client !== null
  }

  start() {
    if (!this.#stopped) return
    this.#stopped = false
    void this.#connect()
  }

  /** Closes the connection and drops what has not been pushed yet (shutdown) */
  async stop() {
    this.#stopped = true
    clearTimeout(this.#retry)
    clearTimeout(this.#flush)
    this.#flush = undefined
    this.#pending = []
    const client = this.#client
    this.#client = null
    /** Not waiting for a push in progress: the streams are closed already, and the pool next */
    await client?.end().catch(() => {})
  }

  async #connect() {
    if (this.#stopped) return
    const client = new pg.Client(this.#options.connection)
    client.on('notification', (message) =>
      message.channel === LIVE_SUBSCRIPTIONS
        ? this.#relayed(message.payload)
        : this.#receive(message.payload)
    )
    client.on('error', (error) => this.#dropped(client, error))
    client.on('end', () => this.#dropped(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${NOTIFICATIONS_CREATED}; LISTEN ${LIVE_SUBSCRIPTIONS}`)
    } catch (error) {
      client.removeAllListeners('end')
      await client.end().catch(() => {})
      logger.warn({ err: error, failures: this.#failures + 1 }, 'live notifications: listen failed')
      return this.#reconnectLater()
    }
    if (this.#stopped) return void (await client.end().catch(() => {}))
    this.#client = client
    this.#failures = 0
  }

  #dropped(client: pg.Client, error?: Error) {
    if (this.#client !== client) return
    this.#client = null
    logger.warn({ err: error }, 'live notifications: connection lost, reconnecting')
    client.end().catch(() => {})
    this.#reconnectLater()
  }

  #reconnectLater() {
    if (this.#stopped) return
    const { backoffMs, maxBackoffMs } = this.#options
    const ceiling = Math.min(maxBackoffMs, backoffMs * 2 ** this.#failures++)
    /** Jitter: instances that lost the same server do not reconnect in step */
    const delay = ceiling / 2 + Math.random() * (ceiling / 2)
    this.#retry = setTimeout(() => void this.#connect(), delay)
    this.#retry.unref()
  }

  #parse(payload: string | undefined): unknown {
    try {
      return JSON.parse(payload ?? '')
    } catch {
      logger.warn({ payload }, 'live notifications: unreadable payload')
      return null
    }
  }

  #relayed(payload: string | undefined) {
    const change = this.#parse(payload) as SubscriptionChange | null
    if (!change) return
    /** In the same queue as the pushes: a subscribe is applied before what was created after it */
    this.#queue = this.#queue.then(() =>
      this.#options.onSubscription(change).catch((error) => {
        logger.error({ err: error }, 'live notifications: relayed subscription failed')
      })
    )
  }

  #receive(payload: string | undefined) {
    const created = this.#parse(payload)
    if (!Array.isArray(created)) return
    this.#pending.push(...(created as CreatedNotification[]))
    this.#flush ??= setTimeout(() => this.#drain(), this.#options.batchWindowMs)
  }

  #drain() {
    this.#flush = undefined
    const batch = this.#pending
    this.#pending = []
    if (!batch.length) return
    this.#queue = this.#queue.then(() =>
      this.#options.onCreated(batch).catch((error) => {
        logger.error({ err: error, notifications: batch.length }, 'live notifications: push failed')
      })
    )
  }
}
