import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListNotifications from '#actions/notifications/list_notifications'
import CountUnreadNotifications from '#actions/notifications/count_unread_notifications'
import MarkNotificationRead from '#actions/notifications/mark_notification_read'
import MarkAllNotificationsRead from '#actions/notifications/mark_all_notifications_read'
import SendCustomNotification from '#actions/notifications/send_custom_notification'
import NotificationDto from '#dtos/notification_dto'
import { sendJsonText } from '#support/json_text'
import {
  listNotificationsValidator,
  sendCustomNotificationValidator,
} from '#validators/notification'

export default class NotificationsController {
  /** I1 GET /notifications: the body is PostgreSQL's JSON text, sent as is */
  @inject()
  async index(
    { request, response, auth, company, readVersions }: HttpContext,
    list: ListNotifications
  ) {
    const filters = await request.validateUsing(listNotificationsValidator)
    sendJsonText(
      response,
      await list.handle(auth.getUserOrFail().id, company.id, filters, readVersions)
    )
  }

  /** I2 GET /notifications/unread-count: the body is the action's JSON text */
  @inject()
  async unreadCount(
    { auth, company, response, readVersions }: HttpContext,
    count: CountUnreadNotifications
  ) {
    sendJsonText(response, await count.handle(auth.getUserOrFail().id, company.id, readVersions))
  }

  /** I3 PATCH /notifications/:id/read */
  @inject()
  async markRead({ auth, company, params }: HttpContext, markRead: MarkNotificationRead) {
    const notification = await markRead.handle(auth.getUserOrFail().id, company.id, params.id)
    return { data: NotificationDto.fromModel(notification) }
  }

  /** I4 PATCH /notifications/read-all */
  @inject()
  async markAllRead({ auth, company }: HttpContext, markAll: MarkAllNotificationsRead) {
    await markAll.handle(auth.getUserOrFail().id, company.id)
    return { data: { success: true } }
  }

  /** I5 POST /notifications/custom */
  @inject()
  async sendCustom({ request, auth, membership }: HttpContext, send: SendCustomNotification) {
    const payload = await request.validateUsing(sendCustomNotificationValidator)
    return { data: await send.handle({ sender: auth.getUserOrFail(), membership, payload }) }
  }
}
