import type Notification from '#models/notification'

/** The spec's Notification resource */
export default class NotificationDto {
  static fromModel(notification: Notification) {
    return {
      id: notification.id,
      companyId: notification.companyId,
      userId: notification.userId,
      scope: notification.scope,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      priority: notification.priority,
      isRead: notification.isRead,
      readAt: notification.readAt?.toISO() ?? null,
      activity: notification.activity ?? null,
      actorId: notification.actorId ?? null,
      actorName: notification.actorName ?? null,
      actorAvatar: notification.actorAvatar ?? null,
      createdAt: notification.createdAt.toISO()!,
      updatedAt: notification.updatedAt.toISO()!,
    }
  }
}
