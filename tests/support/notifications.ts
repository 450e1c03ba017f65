import type { ApiClient } from '@japa/api-client'
import type Company from '#models/company'
import type User from '#models/user'
import { NotificationFactory } from '#database/factories/notification_factory'

type Method = 'get' | 'post' | 'put' | 'patch'

/** A request as `user` acting for `company` (bearer + x-company-id) */
export function as(client: ApiClient, user: User, company: Company) {
  return (method: Method, path: string) =>
    client[method](`/api/v1${path}`).header('x-company-id', company.id).loginAs(user)
}

/** `count` notifications in the user's inbox of the company */
export function inboxOf(user: User, company: Company, count = 1) {
  return NotificationFactory.merge({ userId: user.id, companyId: company.id }).createMany(count)
}
