import { inboxCounts } from '#services/notifications/counters'

/** I2: unread notifications of the user in the company (kept counter) */
export default class CountUnreadNotifications {
  async handle(userId: string, companyId: string) {
    const { unread } = await inboxCounts(userId, companyId)
    return unread
  }
}
