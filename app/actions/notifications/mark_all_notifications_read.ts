import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Clock from '#services/platform/clock'
import { readAll } from '#services/notifications/read_marks'

/**
 * I4: every notification of the user in the company reads as read. A
 * watermark, not an update of each unread row: two rows written however
 * large the inbox (see read_marks).
 */
@inject()
export default class MarkAllNotificationsRead {
  constructor(protected clock: Clock) {}

  handle(userId: string, companyId: string) {
    return db.transaction((trx) => readAll(trx, userId, companyId, this.clock.now().toJSDate()))
  }
}
