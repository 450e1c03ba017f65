import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'
import { readAll } from '#services/notifications/read_marks'
import { inboxCounts } from '#services/notifications/counters'

/**
 * I4: every notification of the user in the company reads as read. A
 * watermark, not an update of each unread row: two rows written however
 * large the inbox (see read_marks).
 */
@inject()
export default class MarkAllNotificationsRead {
  constructor(protected clock: Clock) {}

  async handle(userId: string, companyId: string) {
    /* Nothing unread (a repeated read-all): nothing to write, so no
       transaction; a notification committed after this read is newer than
       the read-all, as if it came after */
    const { unread } = await inboxCounts(userId, companyId)
    if (unread === 0) return
    await db.transaction((trx) => readAll(trx, userId, companyId, this.clock.now().toJSDate()))
  }
}
