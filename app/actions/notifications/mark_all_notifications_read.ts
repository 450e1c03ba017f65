import Notification from '#models/notification'

/** I4: marks every unread notification of the user in the company as read */
export default class MarkAllNotificationsRead {
  async handle(userId: string, companyId: string) {
    await Notification.query()
      .withScopes((scopes) => scopes.inbox(userId, companyId))
      .where('is_read', false)
      .update({ is_read: true, read_at: new Date(), updated_at: new Date() })
  }
}
