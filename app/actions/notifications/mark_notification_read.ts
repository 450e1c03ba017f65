import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Notification from '#models/notification'
import { NotFoundException } from '#exceptions/http_exceptions'
import Clock from '#services/platform/clock'
import { readAllTimeOf } from '#services/notifications/read_marks'
import { DateTime } from 'luxon'

/**
 * I3: marks one of the user's notifications in the company as read; an
 * already read one is returned unchanged. Anyone else's is 404. A row a
 * read-all covers is already read: it gets that read-all's time, written
 * on the row (the counters do not move, it was not counted unread).
 */
@inject()
export default class MarkNotificationRead {
  constructor(protected clock: Clock) {}

  handle(userId: string, companyId: string, id: string) {
    return db.transaction(async (trx) => {
      const notification = await Notification.query({ client: trx })
        .withScopes((scopes) => scopes.inbox(userId, companyId))
        .where('id', id)
        .forUpdate()
        .first()
      if (!notification) throw new NotFoundException('errors.notification_not_found')

      if (!notification.isRead) {
        const readAllAt = await readAllTimeOf(trx, notification.id)
        const readAt = readAllAt ? DateTime.fromJSDate(readAllAt) : this.clock.local()
        notification.merge({ isRead: true, readAt })
        await notification.useTransaction(trx).save()
      }
      return notification
    })
  }
}
