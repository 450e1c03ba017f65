import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import User from '#models/user'
import { blockedBy, loadGates, type Gates } from '#services/notifications/delivery_rule'
import { messengerFromEnv } from '#services/notifications/messenger_client'
import { enqueueDeliveries, type QueuedDelivery } from '#services/platform/outbox'
import MessageContent from '#services/notifications/message_content'
import { batchInsert } from '#support/batch_insert'
import { prepared } from '#support/prepared_statement'
import { i18nFor } from '#support/i18n'
import {
  DELIVERY_CHANNELS,
  isMandatoryType,
  type DeliveryChannel,
  type NotificationType,
} from '#enums/notifications'
import type {
  ChannelResult,
  NotifyData,
  NotifyMessage,
  NotifyOptions,
  Recipient,
  RecipientResult,
} from '#services/notifications/types'
import { nowUtc } from '#services/platform/clock'

type Outgoing = { kind: 'row' } | { kind: 'queue'; delivery: QueuedDelivery }

/**
 * The one notification pipeline every area calls: in-app rows (one batch
 * insert), e-mail and messenger deliveries (outbox, one batch insert),
 * each channel gated by the delivery rule, all in the caller's trx. Every
 * channel speaks the recipient's saved language (`users.locale`, pt-BR when
 * null): the text is rendered once per message and language.
 */
export class NotificationService {
  async notify(
    type: NotificationType,
    recipients: Recipient[],
    data: NotifyData,
    options: NotifyOptions
  ): Promise<RecipientResult[]> {
    const [results] = await this.notifyMany(type, [{ recipients, data }], options)
    return results
  }

  /**
   * Several messages of one type, each with its own text and recipients
   * (a daily job's reminders, one per item), in the queries of one
   * notify(): one gates read, one contacts read, one insert of rows and one
   * of deliveries, whatever the number of messages. E-mail and messenger go
   * out once per user per message. Results are per message, in order.
   */
  async notifyMany(
    type: NotificationType,
    messages: NotifyMessage[],
    { trx, channels = DELIVERY_CHANNELS }: NotifyOptions
  ): Promise<RecipientResult[][]> {
    const batches = messages.map(({ recipients, data }) => ({
      unique: [...new Map(recipients.map((r) => [`${r.userId}:${r.companyId}`, r])).values()],
      content: inLanguages(data),
    }))
    const everyone = batches.flatMap((batch) => batch.unique)
    if (everyone.length === 0) return messages.map(() => [])

    const gatesOf = isMandatoryType(type) ? () => null : await loadGates(everyone, trx)
    const users = await this.#contacts(everyone, trx)
    const rows: Record<string, unknown>[] = []
    const deliveries: QueuedDelivery[] = []

    const results: RecipientResult[][] = []
    for (const { unique, content: contentIn } of batches) {
      const contacted = new Set<string>()
      const batchResults: RecipientResult[] = []
      for (const recipient of unique) {
        const gates = gatesOf(recipient.userId, recipient.companyId)
        const content = contentIn(users.get(recipient.userId)?.locale)
        const channelResults: ChannelResult[] = []
        for (const channel of channels) {
          const result = await this.#channel(
            type,
            channel,
            gates,
            recipient,
            users.get(recipient.userId),
            content
          )
          if ('skippedReason' in result) {
            channelResults.push({ platform: channel, dispatched: false, ...result })
            continue
          }
          channelResults.push({ platform: channel, dispatched: true })
          if (result.kind === 'row') rows.push(content.row(type, recipient))
          else if (!contacted.has(`${channel}:${recipient.userId}`)) {
            contacted.add(`${channel}:${recipient.userId}`)
            deliveries.push(result.delivery)
          }
        }
        batchResults.push({ ...recipient, channels: channelResults })
      }
      results.push(batchResults)
    }

    /* The rows last: their insert locks each recipient's inbox counters
       (trigger) until the caller commits, so nothing else waits behind it */
    await enqueueDeliveries(deliveries, trx)
    await batchInsert(trx, 'notifications', rows)
    return results
  }

  /** The recipients' accounts: language, and the addresses of e-mail and messenger */
  async #contacts(recipients: Recipient[], trx: TransactionClientContract) {
    const ids = recipients.map((recipient) => recipient.userId)
    const query = User.query({ client: trx }).whereIn('id', ids)
    /* One recipient (a direct message, most events) is one text with one plan;
       a list's plan depends on its length, and each length is its own text */
    const users = await (ids.length === 1 ? prepared(query) : query)
    return new Map(users.map((user) => [user.id, user]))
  }

  async #channel(
    type: NotificationType,
    channel: DeliveryChannel,
    gates: Gates | null,
    recipient: Recipient,
    user: User | undefined,
    content: MessageContent
  ): Promise<Outgoing | { skippedReason: string }> {
    const blocked = gates && blockedBy(type, channel, gates)
    if (blocked) return { skippedReason: blocked }
    try {
      if (channel === 'platform') return { kind: 'row' }
      if (channel === 'email') {
        const to = recipient.emailTo !== undefined ? recipient.emailTo : user
        if (!to?.email) return { skippedReason: 'no_email' }
        return { kind: 'queue', delivery: await content.email(to) }
      }
      if (!messengerFromEnv().isConfigured) return { skippedReason: 'messenger_not_configured' }
      if (!user?.phone) return { skippedReason: 'no_phone' }
      return { kind: 'queue', delivery: content.messenger(user.phone) }
    } catch (error) {
      logger.error(
        { err: error, type, channel, userId: recipient.userId, companyId: recipient.companyId },
        'notification channel failed; the recipient is reported as skipped (failed)'
      )
      return { skippedReason: 'failed' }
    }
  }

  /**
   * Copies a user's new name and avatar onto the notifications they
   * caused. Custom messages (I5) keep the signature they were sent with.
   */
  async refreshActor(user: User, trx: TransactionClientContract) {
    const caused = () => trx.from('notifications').where('actor_id', user.id)
    await caused().update({
      actor_avatar: user.avatar?.slice(0, 500) ?? null,
      updated_at: nowUtc().toJSDate(),
    })
    await caused().whereNot('type', 'custom').update({ actor_name: user.name })
  }
}

const notificationService = new NotificationService()
export default notificationService

/** Shorthand: `notify(type, recipients, data, {trx})` */
export const notify: NotificationService['notify'] = (...args) =>
  notificationService.notify(...args)

/** Shorthand: `notifyMany(type, [{recipients, data}, ...], {trx})` */
export const notifyMany: NotificationService['notifyMany'] = (...args) =>
  notificationService.notifyMany(...args)

/** A message's content per language, each rendered at its first use */
function inLanguages(data: NotifyData) {
  const contents = new Map<string, MessageContent>()
  return (locale: string | null | undefined) => {
    const i18n = i18nFor(locale)
    let content = contents.get(i18n.locale)
    if (!content) {
      content = new MessageContent(data, i18n)
      contents.set(i18n.locale, content)
    }
    return content
  }
}
