import { setTimeout as sleep } from 'node:timers/promises'
import { type DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { Mailer } from '@adonisjs/mail'
import type { MailTransportContract } from '@adonisjs/mail/types'
import queueConfig from '#config/queue'
import env from '#start/env'
import Delivery, {
  type MailPayload,
  type MessengerPayload,
  type PasswordResetPayload,
} from '#models/delivery'
import type { AttemptOutcome } from '#models/delivery_attempt'
import { messengerFromEnv, type MessengerClient } from '#services/notifications/messenger_client'
import { sendWebhook, type WebhookSendOptions } from '#services/webhooks/sender'
import { trackWebhookOutcome } from '#services/webhooks/endpoint_health'
import PasswordResetIssuer from '#services/auth/password_reset_issuer'
import { webhookMaxAttempts, webhookRetryDelaySeconds } from '#services/webhooks/backoff'
import { wallNow } from '#services/platform/clock'

/** Thrown by a sender when the delivery can never succeed: marked `skipped` */
export class DeliverySkipped extends Error {}

/** A webhook attempt that failed, with the HTTP status the endpoint answered (if any) */
class WebhookFailed extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null
  ) {
    super(message)
  }
}

export interface DeliveryTargets {
  /** Default: the configured mailer (`mail.use()`) */
  mailer?: Mailer<MailTransportContract>
  /** Default: the bot configured by MESSENGER_URL / MESSENGER_TOKEN */
  messenger?: MessengerClient
  /** Default: config/webhooks.ts (the address guard's flags, the 10 s timeout) */
  webhooks?: WebhookSendOptions
}

/**
 * The delivery's stable identity for receivers: `<delivery-uuid@APP_URL host>`,
 * the same on every attempt, so a copy sent again after a crash can be
 * recognised as the same message.
 */
export function deliveryMessageId(deliveryId: string) {
  return `<${deliveryId}@${new URL(env.get('APP_URL')).hostname}>`
}

/** Sends an outbox e-mail (HTML + text) through a mailer */
async function sendMail(mailer: Mailer<MailTransportContract>, id: string, payload: MailPayload) {
  await mailer.send((message) => {
    message
      .messageId(deliveryMessageId(id))
      .to(payload.to, payload.toName ?? undefined)
      .subject(payload.subject)
      .html(payload.html)
      .text(payload.text)
  })
}

export const MAX_ATTEMPTS = queueConfig.maxAttempts

/** Exponential backoff: 30 s, 1 min, 2 min, ... capped at 1 h (by default) */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(queueConfig.retryBaseSeconds * 2 ** (attempts - 1), queueConfig.retryMaxSeconds)

/** The attempts before `dead` and the delay before the next try, per kind */
const maxAttemptsOf = (delivery: Delivery) =>
  delivery.channel === 'webhook' ? webhookMaxAttempts() : MAX_ATTEMPTS

const retryDelayOf = (delivery: Delivery) =>
  delivery.channel === 'webhook'
    ? webhookRetryDelaySeconds(delivery.attemptsSinceRequeue)
    : retryDelaySeconds(delivery.attemptsSinceRequeue)

export interface RunOptions {
  /** The clock (tests move it forward); default: the real time of each claim */
  now?: DateTime
  /** Deliveries handled before returning */
  batchSize?: number
  /** Asked before each claim: true stops after the delivery in hand (graceful shutdown) */
  shouldStop?: () => boolean
}

export interface RunSummary {
  sent: number
  retried: number
  dead: number
  skipped: number
}

type Outcome = keyof RunSummary

interface AttemptResult {
  outcome: Outcome
  error: string | null
  /** Webhooks: the HTTP status answered, if any */
  responseStatus?: number | null
}

const errorText = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 1000)

/** Waits between the tries of recording an outcome (the e-mail is already out) */
const RECORD_RETRY_DELAYS_MS = [250, 1000, 3000]

/**
 * The outbox worker. Each delivery is claimed alone with a lease
 * (`FOR UPDATE SKIP LOCKED`, `locked_until`, attempts + 1 and an
 * `in_flight` attempt row, committed before sending), sent outside any
 * transaction, then its outcome is recorded in its own short transaction.
 * A worker that dies therefore leaves at most the delivery it was sending,
 * sent again (same Message-ID) once the lease expires; any number of
 * workers may run.
 */
export class DeliveryWorker {
  /** When this worker last brought each kind's waiting deliveries forward */
  #lastRecovery = new Map<string, number>()

  constructor(private targets: DeliveryTargets = {}) {}

  async runOnce({ now, batchSize = 50, shouldStop }: RunOptions = {}): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retried: 0, dead: 0, skipped: 0 }
    for (let handled = 0; handled < batchSize && !shouldStop?.(); handled++) {
      const at = now ?? wallNow()
      const delivery = await this.#claim(at)
      if (!delivery) break
      const result = await this.#attempt(delivery)
      summary[result.outcome]++
      const held = await this.#record(delivery, result, now ?? wallNow())
      /** A worker that lost its lease leaves the schedule to the newer claim */
      if (held && result.outcome === 'sent') {
        await this.#recover(delivery.channel, now ?? wallNow())
      }
    }
    return summary
  }

  /**
   * One statement, so committed on return: takes the oldest due delivery
   * that no live lease holds, marks an earlier attempt left `in_flight`
   * (its worker died) as interrupted, and opens this attempt.
   */
  async #claim(now: DateTime): Promise<Delivery | null> {
    const at = now.toJSDate()
    const leaseEnd = now.plus({ seconds: queueConfig.leaseSeconds }).toJSDate()
    const { rows } = await db.rawQuery(
      `WITH next AS (
         SELECT id FROM deliveries
          WHERE status = 'pending' AND next_attempt_at <= :at
            AND (locked_until IS NULL OR locked_until <= :at)
            -- a webhook waits while an older delivery of its endpoint is pending (event order);
            -- deliveries_webhook_pending_idx answers this with one probe
            AND (webhook_endpoint_id IS NULL OR NOT EXISTS (
              SELECT 1 FROM deliveries older
               WHERE older.webhook_endpoint_id = deliveries.webhook_endpoint_id
                 AND older.status = 'pending' AND older.webhook_seq < deliveries.webhook_seq))
          ORDER BY next_attempt_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE deliveries d
            SET locked_until = :leaseEnd, attempts = d.attempts + 1, updated_at = :at
           FROM next WHERE d.id = next.id
         RETURNING d.*
       ), interrupted AS (
         UPDATE delivery_attempts a
            SET outcome = 'interrupted', finished_at = :at,
                error = 'the worker stopped before recording the outcome; retried after the lease'
           FROM claimed WHERE a.delivery_id = claimed.id AND a.outcome = 'in_flight'
       ), attempt AS (
         INSERT INTO delivery_attempts (delivery_id, channel, attempt, started_at, outcome)
         SELECT id, channel, attempts, :at, 'in_flight' FROM claimed
       )
       SELECT * FROM claimed`,
      { at, leaseEnd }
    )
    return rows.length ? Delivery.$createFromAdapterResult(rows[0]) : null
  }

  async #attempt(delivery: Delivery): Promise<AttemptResult> {
    try {
      if (delivery.channel === 'webhook') {
        const attempt = await sendWebhook(delivery.id, this.targets.webhooks)
        if (attempt.outcome === 'sent') return { ...attempt, error: null }
        if (attempt.outcome === 'skipped') throw new DeliverySkipped(attempt.error)
        throw new WebhookFailed(attempt.error, attempt.responseStatus)
      } else if (delivery.channel === 'email') {
        await sendMail(
          this.targets.mailer ?? mail.use(),
          delivery.id,
          delivery.payload as MailPayload
        )
      } else if (delivery.channel === 'password_reset') {
        const issuer = await app.container.make(PasswordResetIssuer)
        const { email } = delivery.payload as PasswordResetPayload
        if (!(await issuer.issue(email))) {
          throw new DeliverySkipped('no account, or a link sent within the minute')
        }
      } else {
        await this.#sendMessenger(delivery.payload as MessengerPayload)
      }
      return { outcome: 'sent', error: null }
    } catch (error) {
      const text = errorText(error)
      if (error instanceof DeliverySkipped) return { outcome: 'skipped', error: text }
      const maxAttempts = maxAttemptsOf(delivery)
      const outcome = delivery.attemptsSinceRequeue >= maxAttempts ? 'dead' : 'retried'
      const responseStatus = error instanceof WebhookFailed ? error.responseStatus : undefined
      logger.warn(
        {
          err: error,
          deliveryId: delivery.id,
          kind: delivery.channel,
          attempt: delivery.attempts,
          maxAttempts,
        },
        outcome === 'dead'
          ? 'delivery attempt failed; it was the last one, the delivery is dead'
          : 'delivery attempt failed; retried with backoff'
      )
      return { outcome, error: text, responseStatus }
    }
  }

  #sendMessenger(payload: MessengerPayload) {
    const client = this.targets.messenger ?? messengerFromEnv()
    if (!client.isConfigured) throw new DeliverySkipped('messenger_not_configured')
    return client.send(payload)
  }

  /**
   * Records the outcome and releases the lease in one short transaction,
   * fenced by the attempt number (a worker whose lease expired and was
   * re-claimed changes nothing). Tried a few times: the message is already
   * out, and every success here is a duplicate avoided. True when this
   * worker still held the delivery.
   */
  async #record(delivery: Delivery, result: AttemptResult, now: DateTime): Promise<boolean> {
    const at = now.toJSDate()
    const changes: Record<string, unknown> = { locked_until: null, updated_at: at }
    if (result.error) changes.last_error = result.error
    if (result.responseStatus !== undefined) changes.response_status = result.responseStatus
    if (result.outcome === 'sent') Object.assign(changes, { status: 'sent', sent_at: at })
    else if (result.outcome === 'dead') changes.status = 'dead'
    else if (result.outcome === 'skipped') changes.status = 'skipped'
    else {
      changes.next_attempt_at = now.plus({ seconds: retryDelayOf(delivery) }).toJSDate()
    }
    const attemptOutcome: AttemptOutcome =
      result.outcome === 'sent' ? 'sent' : result.outcome === 'skipped' ? 'skipped' : 'failed'

    for (let tried = 0; ; tried++) {
      try {
        return await db.transaction(async (trx) => {
          const updated = await trx
            .from('deliveries')
            .where({ id: delivery.id, attempts: delivery.attempts })
            .update(changes, ['id'])
          /** Only the worker that still holds the attempt counts it for the endpoint */
          const { outcome } = result
          if (
            delivery.webhookEndpointId &&
            updated.length &&
            (outcome === 'sent' || outcome === 'dead')
          ) {
            await trackWebhookOutcome(trx, delivery.webhookEndpointId, outcome, at)
          }
          await trx
            .from('delivery_attempts')
            .where({ delivery_id: delivery.id, attempt: delivery.attempts })
            .update({ outcome: attemptOutcome, error: result.error, finished_at: at })
          return updated.length > 0
        })
      } catch (error) {
        if (tried >= RECORD_RETRY_DELAYS_MS.length) throw error
        logger.warn(
          {
            err: error,
            deliveryId: delivery.id,
            kind: delivery.channel,
            attempt: delivery.attempts,
          },
          'recording a delivery outcome failed; trying again'
        )
        await sleep(RECORD_RETRY_DELAYS_MS[tried])
      }
    }
  }

  /**
   * The transport of `kind` works again: its deliveries waiting out a
   * backoff are brought forward (never pushed later), spaced so that they
   * go out at most recoveryRatePerSecond, instead of each waiting up to
   * an hour. At most once every recoveryIntervalSeconds per kind.
   */
  async #recover(kind: string, now: DateTime) {
    /** One endpoint answering says nothing of another's: webhooks keep their backoff */
    if (kind === 'webhook') return
    const last = this.#lastRecovery.get(kind)
    const nowMs = now.toMillis()
    if (last !== undefined && nowMs - last < queueConfig.recoveryIntervalSeconds * 1000) return
    this.#lastRecovery.set(kind, nowMs)
    const stepMs = Math.ceil(1000 / queueConfig.recoveryRatePerSecond)
    await db.rawQuery(
      `WITH waiting AS (
         SELECT id, row_number() OVER (ORDER BY next_attempt_at) AS position
           FROM deliveries
          WHERE channel = :kind AND status = 'pending' AND attempts > 0 AND next_attempt_at > :at
          ORDER BY next_attempt_at
          LIMIT :limit
       )
       UPDATE deliveries d
          SET next_attempt_at = LEAST(d.next_attempt_at,
                                      :at::timestamptz + (waiting.position * :stepMs) * interval '1 millisecond')
         FROM waiting WHERE d.id = waiting.id`,
      { kind, at: now.toJSDate(), limit: queueConfig.recoveryBatch, stepMs }
    )
  }
}
