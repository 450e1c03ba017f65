import { DateTime } from 'luxon'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { toJsonb } from '#support/jsonb'
import type {
  NotificationPriority,
  NotificationScope,
  NotificationType,
} from '#enums/notifications'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** `activity` of a notification: dynamic, every field optional */
export interface NotificationActivity {
  entityType?: 'contract' | 'template' | 'document' | 'user'
  entityId?: string
  entityName?: string
  links?: { label: string; route: string; params: Record<string, unknown> }[]
  actionLabel?: string
  actionRoute?: string
  metadata?: Record<string, unknown>
  [key: string]: unknown
}

export default class Notification extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare companyId: string

  @column()
  declare userId: string

  @column()
  declare scope: NotificationScope

  @column()
  declare type: NotificationType

  @column()
  declare title: string

  @column()
  declare message: string

  @column()
  declare priority: NotificationPriority

  @column()
  declare isRead: boolean

  @column.dateTime()
  declare readAt: DateTime | null

  @column({ prepare: toJsonb })
  declare activity: NotificationActivity | null

  @column()
  declare actorId: string | null

  @column()
  declare actorName: string | null

  @column()
  declare actorAvatar: string | null

  /** The inbox of a user in a company: every notification query starts here */
  static inbox = scope((query, userId: string, companyId: string) => {
    query.where('user_id', userId).where('company_id', companyId)
  })

  /**
   * What reads as unread: not read on the row and newer than its inbox's
   * read-all watermark (notification_counters.read_before, see
   * services/notifications/read_marks). `is_read` alone is not the answer.
   */
  static unread = scope((query) => {
    query.where('is_read', false).whereRaw(
      `created_at > coalesce((SELECT c.read_before FROM notification_counters c
         WHERE c.user_id = notifications.user_id AND c.company_id = notifications.company_id),
         '-infinity')`
    )
  })
}
