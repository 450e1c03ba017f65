import env from '#start/env'

/**
 * The outbox worker (`node ace queue:work`). Defaults suit production;
 * the fault test shortens the lease and the backoff through the env.
 */
const queueConfig = {
  /** Seconds a claimed delivery stays reserved for its worker; a dead worker's is retried after it */
  leaseSeconds: env.get('QUEUE_LEASE_SECONDS', 60),
  /** Failed attempts before a delivery is `dead` (kept; `node ace queue:retry` requeues it) */
  maxAttempts: env.get('QUEUE_MAX_ATTEMPTS', 8),
  /** First retry delay; doubles on every failure up to retryMaxSeconds */
  retryBaseSeconds: env.get('QUEUE_RETRY_BASE_SECONDS', 30),
  retryMaxSeconds: env.get('QUEUE_RETRY_MAX_SECONDS', 3600),
  /**
   * After a success of a kind, its waiting deliveries are brought forward
   * (never later than they were), spaced 1/recoveryRatePerSecond apart, at
   * most once every recoveryIntervalSeconds per worker and kind.
   */
  recoveryRatePerSecond: env.get('QUEUE_RECOVERY_RATE', 20),
  recoveryIntervalSeconds: 10,
  recoveryBatch: 1000,
}

export default queueConfig
