import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import User from '#models/user'
import { blockedBy, loadGates, type Gates } from '#services/notifications/delivery_rule'
import { messengerFromEnv } from '#services/notifications/messenger_client'
import { enqueueDeliveries, type QueuedDelivery } from '#services/platform/outbox'
import MessageContent from '#services/notifications/message_content'
import { batchInsert } from '#support/batch_insert'
import {
  DELIVERY_CHANNELS,
  isMandatoryType,
  type DeliveryChannel,
  type NotificationType,
} from '#enums/notifications'
import type {
  ChannelResult,
  NotifyData,
  NotifyOptions,
  Recipient,
  RecipientResult,
} from '#services/notifications/types'

type Outgoing = { kind: 'row' } | { kind: 'queue'; delivery: QueuedDelivery }

/**
 * The one notification pipeline every area calls: in-app rows (one batch
 * insert), e-mail and messenger deliveries (outbox, one batch insert),
 * each channel gated by the delivery rule, all in the caller's trx.
 */
export class NotificationService {
  async notify(
    type: NotificationType,
    recipients: Recipient[],
    data: NotifyData,
    { trx, channels = DELIVERY_CHANNELS }: NotifyOptions
  ): Promise<RecipientResult[]> {
    const unique = [...new Map(recipients.map((r) => [`${r.userId}:${r.companyId}`, r])).values()]
    if (unique.length === 0) return []

    const gatesOf = isMandatoryType(type) ? () => null : await loadGates(unique, trx)
    const users = await this.#contacts(unique, channels, trx)
    const content = new MessageContent(data)
    const rows: Record<string, unknown>[] = []
    const deliveries: QueuedDelivery[] = []
    const contacted = new Set<string>()

    const results: RecipientResult[] = []
    for (const recipient of unique) {
      const gates = gatesOf(recipient.userId, recipient.companyId)
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
      results.push({ ...recipient, channels: channelResults })
    }

    await batchInsert(trx, 'notifications', rows)
    await enqueueDeliveries(deliveries, trx)
    return results
  }

  async #contacts(
    recipients: Recipient[],
    channels: readonly DeliveryChannel[],
    trx: TransactionClientContract
  ) {
    if (!channels.some((channel) => channel !== 'platform')) return new Map<string, User>()
    const users = await User.query({ client: trx }).whereIn(
      'id',
      recipients.map((recipient) => recipient.userId)
    )
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
      updated_at: new Date(),
    })
    await caused().whereNot('type', 'custom').update({ actor_name: user.name })
  }
}

const notificationService = new NotificationService()
export default notificationService

/** Shorthand: `notify(type, recipients, data, {trx})` */
export const notify: NotificationService['notify'] = (...args) =>
  notificationService.notify(...args)
