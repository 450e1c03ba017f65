import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Notification from '#models/notification'
import { NotFoundException } from '#exceptions/http_exceptions'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * I3: marks one of the user's notifications in the company as read; an
 * already read one is returned unchanged. Anyone else's is 404.
 */
export default class MarkNotificationRead {
  handle(userId: string, companyId: string, id: string) {
    return db.transaction(async (trx) => {
      const notification = UUID.test(id)
        ? await Notification.query({ client: trx })
            .withScopes((scopes) => scopes.inbox(userId, companyId))
            .where('id', id)
            .forUpdate()
            .first()
        : null
      if (!notification) throw new NotFoundException('Notificação não encontrada')

      if (!notification.isRead) {
        notification.merge({ isRead: true, readAt: DateTime.now() })
        await notification.useTransaction(trx).save()
      }
      return notification
    })
  }
}
