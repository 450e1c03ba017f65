import Notification from '#models/notification'

/** I2: unread notifications of the user in the company */
export default class CountUnreadNotifications {
  async handle(userId: string, companyId: string) {
    const [row] = await Notification.query()
      .withScopes((scopes) => scopes.inbox(userId, companyId))
      .where('is_read', false)
      .count('* as total')
    return Number(row.$extras.total)
  }
}
