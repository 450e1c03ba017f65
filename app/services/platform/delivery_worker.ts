import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { Mailer } from '@adonisjs/mail'
import type { MailTransportContract } from '@adonisjs/mail/types'
import Delivery, { type MailPayload, type MessengerPayload } from '#models/delivery'
import { messengerFromEnv, type MessengerClient } from '#services/notifications/messenger_client'

/** Thrown by a sender when the delivery can never succeed: marked `skipped` */
export class DeliverySkipped extends Error {}

export interface DeliveryTargets {
  /** Default: the configured mailer (`mail.use()`) */
  mailer?: Mailer<MailTransportContract>
  /** Default: the bot configured by MESSENGER_URL / MESSENGER_TOKEN */
  messenger?: MessengerClient
}

/** Sends an outbox e-mail (HTML + text) through a mailer */
async function sendMail(mailer: Mailer<MailTransportContract>, payload: MailPayload) {
  await mailer.send((message) => {
    message
      .to(payload.to, payload.toName ?? undefined)
      .subject(payload.subject)
      .html(payload.html)
      .text(payload.text)
  })
}

export const MAX_ATTEMPTS = 8
const BASE_DELAY_SECONDS = 30
const MAX_DELAY_SECONDS = 3600

/** Exponential backoff: 30 s, 1 min, 2 min, ... capped at 1 h */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(BASE_DELAY_SECONDS * 2 ** (attempts - 1), MAX_DELAY_SECONDS)

export interface RunOptions {
  /** The clock (tests move it forward) */
  now?: DateTime
  batchSize?: number
}

export interface RunSummary {
  sent: number
  retried: number
  failed: number
  skipped: number
}

/**
 * Claims due outbox rows with `FOR UPDATE SKIP LOCKED` (several workers
 * never take the same row), sends each, then marks it sent, reschedules
 * it with backoff, or gives up after MAX_ATTEMPTS (`failed`).
 */
export class DeliveryWorker {
  constructor(private targets: DeliveryTargets = {}) {}

  async runOnce({ now = DateTime.now(), batchSize = 50 }: RunOptions = {}): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retried: 0, failed: 0, skipped: 0 }
    await db.transaction(async (trx) => {
      const due = await Delivery.query({ client: trx })
        .where('status', 'pending')
        .where('next_attempt_at', '<=', now.toJSDate())
        .orderBy('next_attempt_at', 'asc')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
      for (const delivery of due) {
        const outcome = await this.#deliver(delivery, now)
        summary[outcome]++
        await delivery.useTransaction(trx).save()
      }
    })
    return summary
  }

  #sendMail(payload: MailPayload) {
    return sendMail(this.targets.mailer ?? mail.use(), payload)
  }

  #sendMessenger(payload: MessengerPayload) {
    const client = this.targets.messenger ?? messengerFromEnv()
    if (!client.isConfigured) throw new DeliverySkipped('messenger_not_configured')
    return client.send(payload)
  }

  async #deliver(delivery: Delivery, now: DateTime): Promise<keyof RunSummary> {
    delivery.attempts++
    try {
      if (delivery.channel === 'email') await this.#sendMail(delivery.payload as MailPayload)
      else await this.#sendMessenger(delivery.payload as MessengerPayload)
      delivery.merge({ status: 'sent', sentAt: now, lastError: null })
      return 'sent'
    } catch (error) {
      delivery.lastError = String((error as Error).message ?? error).slice(0, 1000)
      if (error instanceof DeliverySkipped) {
        delivery.status = 'skipped'
        return 'skipped'
      }
      logger.warn(
        {
          err: error,
          deliveryId: delivery.id,
          channel: delivery.channel,
          attempts: delivery.attempts,
        },
        'delivery failed; retried with backoff until the last attempt'
      )
      if (delivery.attempts >= MAX_ATTEMPTS) {
        delivery.status = 'failed'
        return 'failed'
      }
      delivery.nextAttemptAt = now.plus({ seconds: retryDelaySeconds(delivery.attempts) })
      return 'retried'
    }
  }
}
