import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { DeliverySchema } from '#database/schema'

/** `dead`: given up after the last attempt, kept until `node ace queue:retry` requeues it */
export type DeliveryStatus = 'pending' | 'sent' | 'dead' | 'skipped'
/**
 * The job kinds the worker delivers (tests/functional/delivery/worker_jobs.spec.ts has a case
 * for each); `password_reset` is a job, not a message (POST /auth/password/forgot).
 */
export const OUTBOX_CHANNELS = ['email', 'messenger', 'webhook', 'password_reset'] as const
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number]

export interface MailPayload {
  to: string
  toName?: string | null
  subject: string
  html: string
  text: string
}

export interface MessengerPayload {
  to: string
  text: string
}

/** A forgot-password request: the address typed (PasswordResetIssuer decides what to send) */
export interface PasswordResetPayload {
  email: string
}

/** A webhook delivery's payload is empty: it names its endpoint and event in columns */
export type WebhookPayload = Record<string, never>

/**
 * One queued e-mail, messenger message or webhook call (the outbox)
 *
 * Columns (database/schema.ts):
 * - `webhookEndpointId`: Webhook deliveries: the endpoint, the event and the per-endpoint order
 * - `responseStatus`: HTTP status of the last attempt (webhooks)
 * - `lockedUntil`: Claimed by a worker until then (the lease); null when not in flight
 * - `requeuedAtAttempt`: `attempts` when last requeued by `node ace queue:retry` (attempts since
 *   then count)
 */
export default class Delivery extends compose(DeliverySchema, withUuidPrimaryKey) {
  /** Attempts since the last requeue: what the backoff and the `dead` limit count */
  get attemptsSinceRequeue() {
    return this.attempts - (this.requeuedAtAttempt ?? 0)
  }
}
