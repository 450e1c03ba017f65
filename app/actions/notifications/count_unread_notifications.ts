import readCache, { readCacheKey } from '#services/platform/read_cache'
import { inboxCounts } from '#services/notifications/counters'
import { READ_SCOPES, type ReadVersions } from '#support/read_versions'

/**
 * I2: unread notifications of the user in the company (kept counter), as
 * the response's JSON text. Clients poll the badge on every screen: the
 * body is cached under the inbox's read version (ReadCache), which every
 * change of the inbox and of its counters raises, as I1's pages are.
 */
export default class CountUnreadNotifications {
  handle(userId: string, companyId: string, versions: ReadVersions | null = null) {
    const key = readCacheKey('unread-count', [userId, companyId])
    return readCache.text(key, versions, READ_SCOPES['unread-count'], async () => {
      const { unread } = await inboxCounts(userId, companyId)
      return JSON.stringify({ data: { count: unread } })
    })
  }
}
