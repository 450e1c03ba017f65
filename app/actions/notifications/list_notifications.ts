import type { Infer } from '@vinejs/vine/types'
import { ModelPaginator } from '@adonisjs/lucid/orm'
import Notification from '#models/notification'
import { inboxCounts } from '#services/notifications/counters'
import type { listNotificationsValidator } from '#validators/notification'

type Filters = Infer<typeof listNotificationsValidator>

/**
 * I1: the user's notifications in the company, newest first, paginated
 * (index notifications_inbox_idx / notifications_unread_idx). Without a
 * scope filter the total comes from the kept counters, so the page costs
 * the same however large the inbox; a scope filter counts its rows.
 */
export default class ListNotifications {
  async handle(userId: string, companyId: string, filters: Filters) {
    const scope = filters.scope ?? 'all'
    const page = filters.page ?? 1
    const perPage = filters.perPage ?? 20
    const query = Notification.query()
      .withScopes((scopes) => scopes.inbox(userId, companyId))
      .if(scope !== 'all', (builder) => builder.where('scope', scope))
      .if(filters.isRead !== undefined, (builder) => builder.where('is_read', filters.isRead!))

    if (scope !== 'all') {
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').paginate(page, perPage)
    }

    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset((page - 1) * perPage)
      .limit(perPage)
    const total = this.#total(await inboxCounts(userId, companyId), filters.isRead)
    return new ModelPaginator(total, perPage, page, ...rows)
  }

  #total(counts: { total: number; unread: number }, isRead: boolean | undefined) {
    if (isRead === undefined) return counts.total
    return isRead ? counts.total - counts.unread : counts.unread
  }
}
