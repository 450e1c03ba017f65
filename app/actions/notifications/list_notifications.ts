import type { Infer } from '@vinejs/vine/types'
import Notification from '#models/notification'
import type { listNotificationsValidator } from '#validators/notification'

type Filters = Infer<typeof listNotificationsValidator>

/**
 * I1: the user's notifications in the company, newest first, paginated
 * (index notifications_inbox_idx / notifications_unread_idx).
 */
export default class ListNotifications {
  handle(userId: string, companyId: string, filters: Filters) {
    const scope = filters.scope ?? 'all'
    return Notification.query()
      .withScopes((scopes) => scopes.inbox(userId, companyId))
      .if(scope !== 'all', (query) => query.where('scope', scope))
      .if(filters.isRead !== undefined, (query) => query.where('is_read', filters.isRead!))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
