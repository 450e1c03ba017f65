import env from '#start/env'

/** Defaults of the issue: about 1 min, 5 min, 30 min, 2 h, 12 h, then dead */
const DEFAULT_RETRY_SECONDS = [60, 300, 1800, 7200, 43200]

/**
 * Outbound webhooks. The address guard's flags are read here once;
 * the guard takes them as arguments, so a test passes its own instead of
 * changing the environment.
 */
const webhooksConfig = {
  /** `http://` targets: always outside production, in production only with the flag */
  allowHttp: env.get('NODE_ENV') !== 'production' || env.get('WEBHOOK_ALLOW_HTTP', false),
  /** Loopback/private/link-local/metadata targets: only with the flag (dev and tests) */
  allowPrivate: env.get('WEBHOOK_ALLOW_PRIVATE', false),
  /** Delay before each retry; one failure more than the list is `dead` */
  retrySeconds: env.get('WEBHOOK_RETRY_SECONDS') ?? DEFAULT_RETRY_SECONDS,
  /** ± share of each delay drawn at random, so retries of many endpoints spread out */
  jitter: 0.2,
  timeoutMs: 10_000,
  /** Bytes of a response body read (the rest is dropped) */
  maxResponseBytes: 4096,
  /** Dead deliveries in a row that switch an endpoint off */
  disableAfterDead: 20,
}

export default webhooksConfig
