import pg from 'pg'
import logger from '@adonisjs/core/services/logger'

/** The NOTIFY channel of the trigger notifications_notify_created */
export const NOTIFICATIONS_CREATED = 'notifications_created'
/** The NOTIFY channel of subscribe/unsubscribe requests that reached another instance (live_streams.ts) */
export const LIVE_SUBSCRIPTIONS = 'live_subscriptions'
/** The NOTIFY channel of the triggers on auth_sessions and company_members: a session or membership ended */
export const LIVE_REVOCATIONS = 'live_revocations'

/** A change to the channels of an event stream, for the instance that holds the stream */
export interface SubscriptionChange {
  op: 'subscribe' | 'unsubscribe'
  uid: string
  channel: string
  /** The session the stream is bound to (subscribe only) */
  sessionId?: string
}

/** A session that ended, or a user's membership of a company that ended */
export type Revocation = { sessionId: string } | { userId: string; companyId: string }

/**
 * This process's LISTEN connection as PostgreSQL knows it: the holder of
 * its open streams in `live_streams` (a row whose connection is gone is
 * stale). backend_start as text: a JS Date would lose its microseconds.
 */
export interface ListenerIdentity {
  pid: number
  started: string
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
  /** Called with each session or membership that ended (any process) */
  onRevocation: (revocation: Revocation) => Promise<void>
  /**
   * Called after each (re)connection, before anything it hears: what was
   * revoked while it was down was not heard, so this re-checks the streams
   */
  onConnected: (identity: ListenerIdentity, previous: ListenerIdentity | null) => Promise<void>
  /** How long arrivals gather into one call (a broadcast commits in many messages) */
  batchWindowMs?: number
  /** First reconnection delay, doubled after each failure up to maxBackoffMs */
  backoffMs?: number
  maxBackoffMs?: number
}

/**
 * One dedicated PostgreSQL connection per API process, outside the pool
 * (a LISTEN belongs to its session, and a pooled connection is shared),
 * listening to `notifications_created`, `live_subscriptions` and `live_revocations`. When PostgreSQL drops it (restart,
 * failover, idle cut) it reconnects with exponential backoff and jitter;
 * what was committed meanwhile is not pushed (clients that reconnect read
 * the unread count, polling stays the source of truth).
 */
export class LiveNotificationListener {
  #options: Required<LiveListenerOptions>
  #client: pg.Client | null = null
  #identity: ListenerIdentity | null = null
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

  /** The LISTEN connection's identity while it is up (it holds this process's streams) */
  get identity(): ListenerIdentity | null {
    return this.#client ? this.#identity : null
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
    let identity: ListenerIdentity
    client.on('notification', (message) => {
      if (message.channel === LIVE_SUBSCRIPTIONS) return this.#relayed(message.payload)
      if (message.channel === LIVE_REVOCATIONS) return this.#revoked(message.payload)
      this.#receive(message.payload)
    })
    client.on('error', (error) => this.#dropped(client, error))
    client.on('end', () => this.#dropped(client))
    try {
      await client.connect()
      const { rows } = await client.query(
        `SELECT pid, backend_start::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()`
      )
      identity = rows[0] as ListenerIdentity
      await client.query(
        `LISTEN ${NOTIFICATIONS_CREATED}; LISTEN ${LIVE_SUBSCRIPTIONS}; LISTEN ${LIVE_REVOCATIONS}`
      )
    } catch (error) {
      client.removeAllListeners('end')
      await client.end().catch(() => {})
      logger.warn({ err: error, failures: this.#failures + 1 }, 'live notifications: listen failed')
      return this.#reconnectLater()
    }
    if (this.#stopped) return void (await client.end().catch(() => {}))
    this.#client = client
    this.#failures = 0
    const previous = this.#identity
    this.#identity = identity
    this.#enqueue(() => this.#options.onConnected(identity, previous), 'reconnection check failed')
  }

  #enqueue(task: () => Promise<void>, failure: string) {
    this.#queue = this.#queue.then(() =>
      task().catch((error) => void logger.error({ err: error }, `live notifications: ${failure}`))
    )
  }

  #revoked(payload: string | undefined) {
    const revocation = this.#parse(payload) as Revocation | null
    if (!revocation) return
    /** Queued after the subscribes relayed before it */
    this.#enqueue(() => this.#options.onRevocation(revocation), 'revocation failed')
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
    this.#enqueue(() => this.#options.onSubscription(change), 'relayed subscription failed')
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
