import type Company from '#models/company'
import type User from '#models/user'
import { NotificationFactory } from '#database/factories/notification_factory'

/** `count` notifications in the user's inbox of the company */
export function inboxOf(user: User, company: Company, count = 1) {
  return NotificationFactory.merge({ userId: user.id, companyId: company.id }).createMany(count)
}
