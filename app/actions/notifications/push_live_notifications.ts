import transmit from '@adonisjs/transmit/services/main'
import Notification from '#models/notification'
import NotificationDto from '#dtos/notification_dto'
import { inboxCounts } from '#services/notifications/counters'
import { notificationChannel } from '#services/notifications/live_channel'
import { liveChannels } from '#services/notifications/live_streams'
import { parallelReads } from '#support/parallel_reads'
import type { CreatedNotification } from '#services/notifications/live_listener'

/**
 * Pushes committed notifications to the streams of this process that
 * watch their channel: `{notification, unreadCount}`, the I1 list
 * item and the user's unread count in the company as it is now (after
 * the commit, so a burst shows its final count on each message). Called
 * by the LISTEN connection with a burst at a time: one query for the rows
 * and one counter read per watched inbox, none when nobody here watches.
 * Returns how many messages were pushed.
 */
export default class PushLiveNotifications {
  async handle(created: CreatedNotification[]) {
    const live = liveChannels()
    if (live.size === 0) return 0
    const ids = created
      .filter((one) => live.has(notificationChannel(one.userId, one.companyId)))
      .map((one) => one.id)
    if (ids.length === 0) return 0

    const rows = await Notification.query()
      .whereIn('id', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
    const inboxes = new Map<string, Notification[]>()
    for (const row of rows) {
      const channel = notificationChannel(row.userId, row.companyId)
      inboxes.set(channel, [...(inboxes.get(channel) ?? []), row])
    }
    const counts = await parallelReads(
      [...inboxes.values()].map(
        ([first]) =>
          () =>
            inboxCounts(first.userId, first.companyId)
      )
    )
    ;[...inboxes].forEach(([channel, inbox], index) => {
      for (const row of inbox) {
        const message = {
          notification: NotificationDto.fromModel(row),
          unreadCount: counts[index].unread,
        }
        /** The DTO is JSON (its activity an interface, which the Broadcastable index type rejects) */
        transmit.broadcast(channel, message as unknown as Payload)
      }
    })
    return rows.length
  }
}

type Payload = Parameters<typeof transmit.broadcast>[1]
