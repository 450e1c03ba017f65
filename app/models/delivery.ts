import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { toJsonb } from '#support/jsonb'
import { withTimestamps } from '#models/mixins/with_timestamps'

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

/** One queued e-mail, messenger message or webhook call (the outbox) */
export default class Delivery extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare channel: OutboxChannel

  @column({ prepare: toJsonb })
  declare payload: MailPayload | MessengerPayload | PasswordResetPayload | WebhookPayload

  /** Webhook deliveries: the endpoint, the event and the per-endpoint order */
  @column()
  declare webhookEndpointId: string | null

  @column()
  declare webhookEventId: string | null

  @column()
  declare webhookSeq: string | null

  /** HTTP status of the last attempt (webhooks) */
  @column()
  declare responseStatus: number | null

  @column()
  declare status: DeliveryStatus

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime

  @column()
  declare lastError: string | null

  /** Claimed by a worker until then (the lease); null when not in flight */
  @column.dateTime()
  declare lockedUntil: DateTime | null

  /** `attempts` when last requeued by `node ace queue:retry` (attempts since then count) */
  @column()
  declare requeuedAtAttempt: number

  /** Attempts since the last requeue: what the backoff and the `dead` limit count */
  get attemptsSinceRequeue() {
    return this.attempts - (this.requeuedAtAttempt ?? 0)
  }

  @column.dateTime()
  declare sentAt: DateTime | null
}
