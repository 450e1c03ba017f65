import { createHash } from 'node:crypto'
import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'
import env from '#start/env'

/**
 * A count of failed attempts under one key: the `maxFailures`-th failure
 * within `window` blocks the key for `window` (429 with Retry-After).
 * `clearOnSuccess` forgets the failures once the attempt succeeds; a count
 * shared by several accounts (an IP) must not be cleared, or one attacker
 * login to their own account would reset it.
 */
export interface FailureLimit {
  key: string
  maxFailures: number
  window: string
  clearOnSuccess?: boolean
}

const WINDOW = '15 mins'

/** Keys stay short (rate_limits.key is 255) and hold no e-mail address */
const digest = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * POST /auth/login: failures per account (whatever the IP, so rotating
 * IPs gains nothing) and per IP across accounts (so spraying one password
 * over many e-mails is stopped too).
 */
export function loginFailureLimits(email: string, ip: string | null | undefined): FailureLimit[] {
  return [
    {
      key: `login_account_${digest(email)}`,
      maxFailures: env.get('LOGIN_MAX_FAILURES_PER_ACCOUNT') ?? 5,
      window: WINDOW,
      clearOnSuccess: true,
    },
    {
      // a socket without an address (already closed) still gets counted
      key: `login_ip_${ip ?? 'unknown'}`,
      maxFailures: env.get('LOGIN_MAX_FAILURES_PER_IP') ?? 30,
      window: WINDOW,
    },
  ]
}

/** PUT /users/me/password: wrong current passwords per user */
export function passwordChangeFailureLimits(userId: string): FailureLimit[] {
  return [
    {
      key: `password_change_${userId}`,
      maxFailures: env.get('PASSWORD_CHANGE_MAX_FAILURES') ?? 5,
      window: WINDOW,
      clearOnSuccess: true,
    },
  ]
}

const limiterFor = ({ maxFailures, window }: FailureLimit) =>
  limiter.use({ requests: maxFailures, duration: window, blockDuration: window })

/**
 * Runs `attempt` unless one of the limits is exhausted, in which case it
 * is not even tried: a blocked account stays blocked with the right
 * password until the block ends. An error thrown by `attempt` counts as a
 * failure on every limit and is rethrown; success consumes nothing.
 *
 * limiter.penalize() does this for one key, but it clears the key on
 * success, which a shared (per-IP) count must not do.
 */
export async function throttleFailures<T>(
  limits: FailureLimit[],
  attempt: () => Promise<T>
): Promise<T> {
  const states = await Promise.all(
    limits.map(async (limit) => ({ limit, response: await limiterFor(limit).get(limit.key) }))
  )
  const exhausted = states
    .filter(({ response }) => response && response.remaining <= 0)
    .map(({ response }) => response!)
    .sort((a, b) => b.availableIn - a.availableIn)
  if (exhausted.length) throw new errors.E_TOO_MANY_REQUESTS(exhausted[0])

  let result: T
  try {
    result = await attempt()
  } catch (error) {
    await Promise.all(
      limits.map(async (limit) => {
        const { consumed } = await limiterFor(limit).increment(limit.key)
        if (consumed >= limit.maxFailures) await limiterFor(limit).block(limit.key, limit.window)
      })
    )
    throw error
  }

  await Promise.all(
    states
      .filter(({ limit, response }) => limit.clearOnSuccess && response)
      .map(({ limit }) => limiterFor(limit).delete(limit.key))
  )
  return result
}
