import type { Infer } from '@vinejs/vine/types'
import db from '@adonisjs/lucid/services/db'
import { runListStatement } from '#support/prepared_statement'
import readCache, { readCacheKey } from '#services/platform/read_cache'
import { READ_SCOPES, type ReadVersions } from '#support/read_versions'
import NotificationDto from '#dtos/notification_dto'
import { readStateSql } from '#services/notifications/read_marks'
import { apiTimestampBindings } from '#support/json_text'
import { pageWindowSql, totalPagesSql } from '#support/pagination'
import type { listNotificationsValidator } from '#validators/notification'

type Filters = Infer<typeof listNotificationsValidator>

/**
 * The inbox's counters row (always one row: zeros and no watermark when
 * none), with the total of the asked scope (`scope_totals`; 0 for `all`)
 */
const INBOX_SQL = `SELECT coalesce(max(total), 0) AS total, coalesce(max(unread), 0) AS unread,
         coalesce(max(read_before), '-infinity'::timestamptz) AS read_before,
         coalesce(max((scope_totals ->> CAST(:scope AS text))::int), 0) AS scope_total
    FROM notification_counters WHERE user_id = :userId AND company_id = :companyId`
const BOUND = '(SELECT read_before FROM inbox)'
/**
 * The page's rows read again, with every column, as the run of the inbox's
 * (or filter's) rows from the page's first to its last: one range of the
 * index the page was walked on, whose pages that walk has just read, and
 * the rows' own. Not by id: each id was a probe of the primary key, whose
 * random uuids put the 20 rows of a page on about 20 leaf pages of an index
 * larger than the buffer cache (12-18 buffers a page read from the OS
 * through the mixed bench; 4-5 now).
 */
const PAGE_RANGE = `(n.created_at, n.id) <= (SELECT p.created_at, p.id FROM page p
                                             ORDER BY p.created_at DESC, p.id DESC LIMIT 1)
             AND (n.created_at, n.id) >= (SELECT p.created_at, p.id FROM page p
                                             ORDER BY p.created_at, p.id LIMIT 1)`
/** Above every uuid: the id half of a bound above every row */
const MAX_UUID = `'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid`

/**
 * I1: the user's notifications in the company, newest first, paginated,
 * as the response's JSON text, written by PostgreSQL in one statement
 * (compact text by format(), see NotificationDto.jsonSql):
 * hydrating 50 models with Luxon dates and serialising them cost far more
 * than the query.
 * - Deferred join: the page's keys first, from notifications_inbox_idx (a
 *   scope's from notifications_scope_idx, the unread ones' from the unread
 *   partial index) alone, then only those rows, as the range between the
 *   page's first and last keys (PAGE_RANGE).
 * - Deep pages of the unfiltered inbox start below a rank mark
 *   (notification_rank_marks: `older` rows sort below its key), the one
 *   just above the page: the id step skips fewer than 256 index entries
 *   below it instead of `offset` from the top, so page 1000 costs about
 *   what page 1 costs. A page past the end reads no entry. Filtered pages
 *   (their ranks are not the inbox's) walk the offset from the top.
 * - The total comes from the kept counters (one primary-key read however
 *   large the inbox), a scope's from their `scope_totals` (migration
 *   count_notifications_by_scope); only the unread rows of a scope are
 *   counted (the unread partial index), for `isRead` with a scope.
 * - Read state honours the read-all watermark (read_marks).
 */
export default class ListNotifications {
  /** `versions`: the context's read versions; the body is cached under the inbox's (ReadCache) */
  async handle(
    userId: string,
    companyId: string,
    filters: Filters,
    versions: ReadVersions | null = null
  ): Promise<Buffer> {
    const key = readCacheKey('notifications', [userId, companyId, filters])
    return readCache.text(key, versions, READ_SCOPES.notifications, async () => {
      const { sql, bindings } = inboxPageSql(userId, companyId, filters)
      /* On its generic plan: the text varies only with the filters, and
         left to PostgreSQL's rule it was planned on most runs (0.5 ms of
         planning for 0.9 ms of running, in the mixed bench) */
      const { rows } = await runListStatement(db.rawQuery(sql, bindings), 'generic')
      return rows[0].body as string
    })
  }
}

/** I1's statement and its bindings (the plan test explains it) */
export function inboxPageSql(userId: string, companyId: string, filters: Filters) {
  const scope = filters.scope ?? 'all'
  const page = filters.page ?? 1
  const perPage = filters.perPage ?? 20
  const read = readStateSql(BOUND)

  const where = ['n.user_id = :userId', 'n.company_id = :companyId']
  if (scope !== 'all') where.push('n.scope = :scope')
  if (filters.isRead === false) where.push(`n.is_read = false AND n.created_at > ${BOUND}`)
  if (filters.isRead === true) where.push(read.isRead)
  const inbox = `FROM notifications n WHERE ${where.join(' AND ')}`
  const filtered = scope !== 'all' || filters.isRead !== undefined

  /** The scope's unread rows, counted (down the unread partial index) */
  const unreadOfScope = `(SELECT count(*) FROM notifications n
      WHERE n.user_id = :userId AND n.company_id = :companyId AND n.scope = :scope
        AND n.is_read = false AND n.created_at > ${BOUND})`
  const total =
    scope !== 'all'
      ? filters.isRead === undefined
        ? '(SELECT scope_total FROM inbox)'
        : filters.isRead
          ? `((SELECT scope_total FROM inbox) - ${unreadOfScope})`
          : unreadOfScope
      : filters.isRead === undefined
        ? '(SELECT total FROM inbox)'
        : filters.isRead
          ? '(SELECT total - unread FROM inbox)'
          : '(SELECT unread FROM inbox)'

  /**
   * Where the id step starts: below (before_at, before_id), skipping
   * `skip` entries. The unfiltered inbox's page holds the rows with
   * total-1-offset down to total-offset-perPage older rows; the mark
   * with the fewest older rows above that (older >= total - offset)
   * has older-1-(total-1-offset) of the inbox's rows between it and the
   * page. No mark, or a filter: the top, skipping `offset`.
   */
  const start = filtered
    ? `SELECT 'infinity'::timestamptz AS before_at, ${MAX_UUID} AS before_id, CAST(:offset AS int) AS skip`
    : `SELECT CASE WHEN i.total <= :offset THEN '-infinity'::timestamptz
                     ELSE coalesce(m.created_at, 'infinity') END AS before_at,
                coalesce(m.id, ${MAX_UUID}) AS before_id,
                coalesce(m.older - i.total + :offset, :offset)::int AS skip
           FROM inbox i LEFT JOIN LATERAL (
             SELECT k.created_at, k.id, k.older FROM notification_rank_marks k
              WHERE k.user_id = :userId AND k.company_id = :companyId
                AND k.older >= i.total - :offset AND k.older < i.total
              ORDER BY k.older LIMIT 1) m ON true`

  return {
    sql: `WITH inbox AS (${INBOX_SQL}),
       start AS (${start}),
       page AS (SELECT n.id, n.created_at ${inbox}
                   AND (n.created_at, n.id) < (SELECT before_at, before_id FROM start)
                 ORDER BY n.created_at DESC, n.id DESC
                ${pageWindowSql(perPage, '(SELECT skip FROM start)')}),
       counted AS (SELECT ${total}::int AS total)
       SELECT format('{"data":{"data":[%s],"total":%s,"page":%s,"perPage":%s,"totalPages":%s}}',
         (SELECT coalesce(string_agg(${NotificationDto.jsonSql(read)}, ','
                                     ORDER BY n.created_at DESC, n.id DESC), '')
            ${inbox} AND ${PAGE_RANGE}),
         counted.total, CAST(:page AS int), CAST(:perPage AS int),
         ${totalPagesSql('counted.total', ':perPage')}) AS body
       FROM counted`,
    bindings: {
      userId,
      companyId,
      scope,
      page,
      perPage,
      offset: (page - 1) * perPage,
      ...apiTimestampBindings(),
    },
  }
}
