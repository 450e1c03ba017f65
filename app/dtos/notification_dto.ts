import {
  jsonBoolSql,
  jsonQuotedOrNullSql,
  jsonRawOrNullSql,
  jsonTextOrNullSql,
} from '#support/json_text'
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
   * The same resource as the JSON text PostgreSQL writes (`n` is the
   * notifications row), for lists that send the database's text as is: the
   * keys in fromModel's order and the same compact text as JSON.stringify,
   * by format() (about half the cost of json_build_object, see
   * ContractDto.recordJsonSql). Text columns through to_json (escaped; the
   * nullable ones `null` when NULL), `activity` (jsonb) as its text,
   * timestamps by `api_timestamp` in the zone bound to `:dbZone` /
   * `:dbZulu`. `isRead` and `readAt` are SQL expressions, since a read-all
   * watermark (not the row) may be what makes a row read.
   */
  static jsonSql({ isRead, readAt }: { isRead: string; readAt: string }) {
    return `format('{"id":"%s","companyId":"%s","userId":"%s","scope":%s,"type":%s,"title":%s,"message":%s,"priority":%s,"isRead":%s,"readAt":%s,"activity":%s,"actorId":%s,"actorName":%s,"actorAvatar":%s,"createdAt":"%s","updatedAt":"%s"}',
      n.id, n.company_id, n.user_id, to_json(n.scope), to_json(n.type), to_json(n.title),
      to_json(n.message), to_json(n.priority),
      ${jsonBoolSql(isRead)},
      ${jsonQuotedOrNullSql(`api_timestamp(${readAt}, :dbZone, :dbZulu)`)},
      ${jsonRawOrNullSql('n.activity')}, ${jsonQuotedOrNullSql('n.actor_id')},
      ${jsonTextOrNullSql('n.actor_name')}, ${jsonTextOrNullSql('n.actor_avatar')},
      api_timestamp(n.created_at, :dbZone, :dbZulu),
      api_timestamp(n.updated_at, :dbZone, :dbZulu))`
  }
}
