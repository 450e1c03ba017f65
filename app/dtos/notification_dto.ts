import { apiTimestampSql, field, jsonShape, type ShapeOf } from '#support/json_shape'
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_SCOPES,
  type NotificationPriority,
  type NotificationScope,
} from '#enums/notifications'
import type { NotificationActivity } from '#models/notification'
import type Notification from '#models/notification'

/**
 * The spec's Notification resource, declared once. Lists send it as the
 * JSON text PostgreSQL writes (`NotificationDto.jsonSql`, `n` the
 * notifications row); `isRead` and `readAt` are SQL expressions there,
 * since a read-all watermark (not the row) may be what makes a row read.
 */
export const NOTIFICATION_SHAPE = jsonShape('Notification', {
  id: field.uuid('{row}.id'),
  companyId: field.uuid('{row}.company_id'),
  userId: field.uuid('{row}.user_id'),
  scope: field.text<NotificationScope>('{row}.scope', { schema: { enum: NOTIFICATION_SCOPES } }),
  type: field.text('{row}.type', { schema: { maxLength: 50 } }),
  title: field.text('{row}.title', { schema: { maxLength: 255 } }),
  message: field.text('{row}.message'),
  priority: field.text<NotificationPriority>('{row}.priority', {
    schema: { enum: NOTIFICATION_PRIORITIES },
  }),
  isRead: field.boolean('{isRead}', { read: (n: Notification) => n.isRead }),
  readAt: field.timestampOrNull(apiTimestampSql('{readAt}'), {
    read: (n: Notification) => n.readAt,
  }),
  activity: field.jsonOrNull<NotificationActivity>('{row}.activity', {
    schema: { $ref: '#/components/schemas/NotificationActivity' },
  }),
  actorId: field.uuidOrNull('{row}.actor_id'),
  actorName: field.textOrNull('{row}.actor_name', { schema: { maxLength: 255 } }),
  actorAvatar: field.textOrNull('{row}.actor_avatar', { schema: { maxLength: 500 } }),
  createdAt: field.timestamp(apiTimestampSql('{row}.created_at')),
  updatedAt: field.timestamp(apiTimestampSql('{row}.updated_at')),
})

export type NotificationShape = ShapeOf<typeof NOTIFICATION_SHAPE.fields>

export default class NotificationDto {
  static fromModel(notification: Notification): NotificationShape {
    return NOTIFICATION_SHAPE.from(notification)
  }

  /** The resource as compact JSON text (format()) for a row `n` */
  static jsonSql({ isRead, readAt }: { isRead: string; readAt: string }) {
    return NOTIFICATION_SHAPE.formatSql({ row: 'n', isRead, readAt })
  }
}
