import { inject } from '@adonisjs/core'
import Notification from '#models/notification'
import Clock from '#services/platform/clock'

/** I4: marks every unread notification of the user in the company as read */
@inject()
export default class MarkAllNotificationsRead {
  constructor(protected clock: Clock) {}

  async handle(userId: string, companyId: string) {
    await Notification.query()
      .withScopes((scopes) => scopes.inbox(userId, companyId))
      .where('is_read', false)
      .update({
        is_read: true,
        read_at: this.clock.now().toJSDate(),
        updated_at: this.clock.now().toJSDate(),
      })
  }
}
