/*
|--------------------------------------------------------------------------
| Environment variables
|--------------------------------------------------------------------------
|
| Every variable the service reads is validated here at boot. The README
| documents each one; .env.example lists them with development defaults.
|
*/
import { Env } from '@adonisjs/core/env'
import { corsOriginsRule, positiveIntegerRule, trustedProxiesRule } from '#support/http_trust'
import { cronRule, timeZoneRule } from '#support/schedules'
import { secondsListRule } from '#support/seconds_list'

/**
 * Settings without a safe default in production: the embedded PostgreSQL and
 * the local mail catcher are development conveniences. A production boot
 * without them stops at once, the one error naming every missing variable
 * (APP_KEY and APP_URL are required in every environment).
 */
const notInProduction = () => process.env.NODE_ENV !== 'production'

/**
 * DB_HOST: a host name or address, or the directory of PostgreSQL's Unix
 * socket (an absolute path, such as /var/run/postgresql) when the server
 * runs on the same host: a statement then skips the TCP stack (8-10% more
 * requests a second on one host, docs/reports/bench.md).
 */
const databaseHost = (key: string, value?: string) => {
  const given = Env.schema.string.optionalWhen(notInProduction)(key, value)
  if (given === undefined || given.startsWith('/')) return given
  return Env.schema.string({ format: 'host' })(key, given)
}

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.string(),
  APP_URL: Env.schema.string({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.enum([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),

  /*
  | PostgreSQL. Without DB_HOST, `npm run dev` and `npm test` start an
  | embedded server themselves and fill these in. DB_HOST may be a socket
  | directory (databaseHost).
  */
  DB_HOST: databaseHost,
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),
  DB_SSL: Env.schema.boolean.optional(),
  DB_POOL_MAX: Env.schema.number.optional(),
  /* Shown in pg_stat_activity (which process holds a connection) */
  DB_APPLICATION_NAME: Env.schema.string.optional(),

  /* Access tokens (JWT, HS256) and refresh tokens */
  JWT_SECRET: Env.schema.string.optional(),
  JWT_ISSUER: Env.schema.string.optional(),
  ACCESS_TOKEN_TTL_SECONDS: Env.schema.number.optional(),
  REFRESH_TOKEN_TTL_DAYS: Env.schema.number.optional(),

  /*
  | HTTP trust: reverse proxies whose X-Forwarded-For is believed (IPs and
  | CIDRs; none by default) and browser origins allowed by CORS.
  */
  TRUSTED_PROXIES: trustedProxiesRule,
  CORS_ORIGINS: corsOriginsRule,

  /* Rate limiting */
  LIMITER_STORE: Env.schema.enum.optional(['database', 'memory'] as const),
  /* GET /app/versions requests per IP and minute (0 disables the throttle) */
  APP_VERSIONS_RATE_LIMIT: Env.schema.number.optional(),
  /* Memory of the per-process cache of the hot lists' bodies, in MiB (0 turns it off; default 64) */
  READ_CACHE_MAX_MB: Env.schema.number.optional(),
  /* Failed logins per account and per IP within 15 minutes before a 15-minute block */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveIntegerRule,
  LOGIN_MAX_FAILURES_PER_IP: positiveIntegerRule,
  /* POST /auth/register requests per IP and hour */
  REGISTER_RATE_LIMIT: positiveIntegerRule,
  /* POST /auth/password/forgot requests per IP and hour */
  PASSWORD_RESET_RATE_LIMIT: positiveIntegerRule,
  /* Wrong current passwords on PUT /users/me/password per user within 15 minutes */
  PASSWORD_CHANGE_MAX_FAILURES: positiveIntegerRule,

  /* Files */
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  DRIVE_FS_ROOT: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.string.optional(),
  SIGNED_URL_TTL: Env.schema.string.optional(),

  /* E-mail */
  SMTP_HOST: Env.schema.string.optionalWhen(notInProduction, { format: 'host' }),
  SMTP_PORT: Env.schema.number.optionalWhen(notInProduction),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optionalWhen(notInProduction),
  MAIL_FROM_NAME: Env.schema.string.optional(),

  /* OAuth identity providers (connect-provider); a provider is off while its client id is unset */
  OAUTH_GOOGLE_CLIENT_ID: Env.schema.string.optional(),
  OAUTH_GOOGLE_JWKS_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  OAUTH_GOOGLE_ISSUER: Env.schema.string.optional(),
  OAUTH_APPLE_CLIENT_ID: Env.schema.string.optional(),
  OAUTH_APPLE_JWKS_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  OAUTH_APPLE_ISSUER: Env.schema.string.optional(),
  OAUTH_MICROSOFT_CLIENT_ID: Env.schema.string.optional(),
  OAUTH_MICROSOFT_JWKS_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  OAUTH_MICROSOFT_ISSUER: Env.schema.string.optional(),

  /*
  | GET /metrics: off with METRICS_ENABLED=false (404); else its bearer token,
  | required in production (an open /metrics tells anyone the traffic, the
  | queue and the pool), optional elsewhere (unset = open)
  */
  METRICS_ENABLED: Env.schema.boolean.optional(),
  METRICS_TOKEN: Env.schema.string.optionalWhen(
    () => notInProduction() || ['false', '0'].includes(process.env.METRICS_ENABLED ?? '')
  ),
  /* Milliseconds in-flight requests may run after SIGTERM (read by bin/server.ts) */
  SHUTDOWN_GRACE_MS: positiveIntegerRule,

  /* Outbox worker (config/queue.ts): lease, attempts before `dead`, backoff, recovery rate */
  QUEUE_LEASE_SECONDS: positiveIntegerRule,
  QUEUE_MAX_ATTEMPTS: positiveIntegerRule,
  QUEUE_RETRY_BASE_SECONDS: positiveIntegerRule,
  QUEUE_RETRY_MAX_SECONDS: positiveIntegerRule,
  QUEUE_RECOVERY_RATE: positiveIntegerRule,

  /*
  | Schedules of the worker (app/support/schedules.ts): a cron expression
  | (5 fields, or 6 with seconds) or `off`; SCHEDULE_TIMEZONE defaults to UTC
  */
  SCHEDULE_TIMEZONE: timeZoneRule,
  SCHEDULE_COMPLIANCE_GENERATE: cronRule,
  SCHEDULE_CONTRACTS_SWEEP: cronRule,
  SCHEDULE_ONBOARDING_SWEEP: cronRule,
  SCHEDULE_INTEGRATIONS_SWEEP: cronRule,
  SCHEDULE_NOTIFICATIONS_PRUNE: cronRule,
  SCHEDULE_DATA_EXPORTS_PROCESS: cronRule,
  SCHEDULE_REMINDERS_SEND: cronRule,
  SCHEDULE_AUDIT_PRUNE: cronRule,

  /* Days the audit log keeps an entry (audit:prune; default 365) */
  AUDIT_LOG_RETENTION_DAYS: Env.schema.number.optional(),

  /* Personal data exports: days a ready archive stays downloadable */
  DATA_EXPORT_TTL_DAYS: Env.schema.number.optional(),

  /* Outbound messenger bot (channel skipped when not configured) */
  MESSENGER_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  MESSENGER_TOKEN: Env.schema.string.optional(),

  /*
  | Outbound webhooks (config/webhooks.ts): `http` URLs outside production
  | only unless WEBHOOK_ALLOW_HTTP; private/loopback targets only with
  | WEBHOOK_ALLOW_PRIVATE (dev and tests); the retry delays in seconds
  | (comma-separated, then dead); the port of `npm run dev`'s receiver and
  | the demo endpoint's secret
  */
  WEBHOOK_ALLOW_HTTP: Env.schema.boolean.optional(),
  WEBHOOK_ALLOW_PRIVATE: Env.schema.boolean.optional(),
  WEBHOOK_RETRY_SECONDS: secondsListRule,
  WEBHOOK_DEV_RECEIVER_PORT: Env.schema.number.optional(),
  WEBHOOK_DEMO_SECRET: Env.schema.string.optional(),
})
