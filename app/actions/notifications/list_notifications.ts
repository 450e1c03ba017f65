import type { Infer } from '@vinejs/vine/types'
import { ModelPaginator } from '@adonisjs/lucid/orm'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
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
    const inbox = () =>
      Notification.query()
        .withScopes((scopes) => scopes.inbox(userId, companyId))
        .if(scope !== 'all', (builder) => builder.where('scope', scope))
        .if(filters.isRead !== undefined, (builder) => builder.where('is_read', filters.isRead!))

    /**
     * Deferred join: the page's ids first, from the inbox index alone
     * (an index-only scan skips the OFFSET rows without reading them),
     * then only those rows, so page 1000 costs about what page 1 costs.
     */
    const pageIds = inbox()
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset((page - 1) * perPage)
      .limit(perPage)
    const rows = await Notification.query()
      .whereIn('id', pageIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')

    const total =
      scope === 'all'
        ? this.#total(await inboxCounts(userId, companyId), filters.isRead)
        : await this.#count(inbox())
    return new ModelPaginator(total, perPage, page, ...rows)
  }

  async #count(query: ModelQueryBuilderContract<typeof Notification>) {
    const [row] = await query.count('* as total')
    return Number(row.$extras.total)
  }

  #total(counts: { total: number; unread: number }, isRead: boolean | undefined) {
    if (isRead === undefined) return counts.total
    return isRead ? counts.total - counts.unread : counts.unread
  }
}
