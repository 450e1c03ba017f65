import { createHmac, timingSafeEqual } from 'node:crypto'
import { nowUtc } from '#support/clock'

/**
 * The webhook signature: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret. The
 * worker signs with it; `npm run dev`'s receiver and the tests verify with
 * it (README, Webhooks, shows the same check for integrators).
 */
export function webhookSignature(secret: string, timestamp: number, rawBody: string) {
  const hex = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
  return `t=${timestamp},v1=${hex}`
}

/**
 * True when the header signs the body with the secret and its timestamp is
 * within `toleranceSeconds` of `now` (a replayed old request fails)
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  { toleranceSeconds = 300, now = nowUtc().toMillis() } = {}
) {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string])
  )
  const timestamp = Number(parts.t)
  if (!Number.isInteger(timestamp) || !parts.v1) return false
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody).split('v1=')[1])
  const given = Buffer.from(parts.v1)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
