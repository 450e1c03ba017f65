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

  /**
   * The same resource written by PostgreSQL (`json_build_object`, keys in
   * fromModel's order, timestamps through `api_timestamp` in the zone bound
   * to `:zone`), for lists that send the database's JSON as is. `n` is the
   * notifications row; `isRead` and `readAt` are SQL expressions, since a
   * read-all watermark (not the row) may be what makes a row read.
   */
  static jsonSql({ isRead, readAt }: { isRead: string; readAt: string }) {
    return `json_build_object(
      'id', n.id, 'companyId', n.company_id, 'userId', n.user_id, 'scope', n.scope,
      'type', n.type, 'title', n.title, 'message', n.message, 'priority', n.priority,
      'isRead', ${isRead}, 'readAt', api_timestamp(${readAt}, :dbZone, :dbZulu), 'activity', n.activity,
      'actorId', n.actor_id, 'actorName', n.actor_name, 'actorAvatar', n.actor_avatar,
      'createdAt', api_timestamp(n.created_at, :dbZone, :dbZulu),
      'updatedAt', api_timestamp(n.updated_at, :dbZone, :dbZulu))`
  }
}
