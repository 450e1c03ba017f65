import type { Infer } from '@vinejs/vine/types'
import db from '@adonisjs/lucid/services/db'
import NotificationDto from '#dtos/notification_dto'
import { readStateSql } from '#services/notifications/read_marks'
import { apiTimestampBindings } from '#support/json_text'
import type { listNotificationsValidator } from '#validators/notification'

type Filters = Infer<typeof listNotificationsValidator>

/** The inbox's counters row (always one row: zeros and no watermark when none) */
const INBOX_SQL = `SELECT coalesce(max(total), 0) AS total, coalesce(max(unread), 0) AS unread,
         coalesce(max(read_before), '-infinity'::timestamptz) AS read_before
    FROM notification_counters WHERE user_id = :userId AND company_id = :companyId`
const BOUND = '(SELECT read_before FROM inbox)'

/**
 * I1: the user's notifications in the company, newest first, paginated,
 * as the response's JSON text, written by PostgreSQL in one statement:
 * hydrating 50 models with Luxon dates and serialising them cost far more
 * than the query.
 * - Deferred join: the page's ids first, from notifications_inbox_idx (or
 *   the unread partial index) alone, so the skipped OFFSET entries are
 *   index entries and page 1000 costs about what page 1 costs; then only
 *   those rows.
 * - Without a scope filter the total comes from the kept counters (one
 *   primary-key read however large the inbox); a scope filter counts its
 *   rows (index-backed).
 * - Read state honours the read-all watermark (read_marks).
 */
export default class ListNotifications {
  async handle(userId: string, companyId: string, filters: Filters): Promise<string> {
    const scope = filters.scope ?? 'all'
    const page = filters.page ?? 1
    const perPage = filters.perPage ?? 20
    const read = readStateSql(BOUND)

    const where = ['n.user_id = :userId', 'n.company_id = :companyId']
    if (scope !== 'all') where.push('n.scope = :scope')
    if (filters.isRead === false) where.push(`n.is_read = false AND n.created_at > ${BOUND}`)
    if (filters.isRead === true) where.push(read.isRead)
    const inbox = `FROM notifications n WHERE ${where.join(' AND ')}`

    const total =
      scope !== 'all'
        ? `(SELECT count(*) ${inbox})`
        : filters.isRead === undefined
          ? '(SELECT total FROM inbox)'
          : filters.isRead
            ? '(SELECT total - unread FROM inbox)'
            : '(SELECT unread FROM inbox)'

    const { rows } = await db.rawQuery(
      `WITH inbox AS (${INBOX_SQL}),
       page AS (SELECT n.id ${inbox}
                 ORDER BY n.created_at DESC, n.id DESC OFFSET :offset LIMIT :perPage),
       counted AS (SELECT ${total}::int AS total)
       SELECT json_build_object('data', json_build_object(
         'data', (SELECT coalesce(json_agg(${NotificationDto.jsonSql(read)}
                                           ORDER BY n.created_at DESC, n.id DESC), '[]'::json)
                    FROM notifications n WHERE n.id IN (SELECT id FROM page)),
         'total', counted.total, 'page', CAST(:page AS int), 'perPage', CAST(:perPage AS int),
         'totalPages', greatest(ceil(counted.total / CAST(:perPage AS numeric)), 1)::int
       ))::text AS body
       FROM counted`,
      {
        userId,
        companyId,
        scope,
        page,
        perPage,
        offset: (page - 1) * perPage,
        ...apiTimestampBindings(),
      }
    )
    return rows[0].body
  }
}
