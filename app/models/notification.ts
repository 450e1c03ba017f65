import { scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { NotificationSchema } from '#database/schema'

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

export default class Notification extends compose(NotificationSchema, withUuidPrimaryKey) {
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
