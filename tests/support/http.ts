import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'

/**
 * Requests under `/api/v1` as `user` acting for `company` (bearer +
 * `x-company-id`): `as(client, owner, company).get('/contracts')`.
 */
export function as(client: ApiClient, user: User, company: { id: string }) {
  const request = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string) =>
    client[method](`/api/v1${url}`).header('x-company-id', company.id).loginAs(user)
  return {
    get: (url: string) => request('get', url),
    post: (url: string) => request('post', url),
    put: (url: string) => request('put', url),
    patch: (url: string) => request('patch', url),
    delete: (url: string) => request('delete', url),
  }
}
