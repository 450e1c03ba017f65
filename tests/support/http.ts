import type { ApiClient, ApiRequest } from '@japa/api-client'
import type User from '#models/user'
import sessionTokens from '#services/auth/session_token_service'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** get/post/put/patch/delete under `/api/v1`, each request shaped by `shape` */
function requests(client: ApiClient, shape: (request: ApiRequest) => ApiRequest) {
  const request = (method: Method, url: string) => shape(client[method](`/api/v1${url}`))
  return {
    get: (url: string) => request('get', url),
    post: (url: string) => request('post', url),
    put: (url: string) => request('put', url),
    patch: (url: string) => request('patch', url),
    delete: (url: string) => request('delete', url),
  }
}

/**
 * Requests under `/api/v1` as `user` acting for `company` (bearer +
 * `x-company-id`): `as(client, owner, company).get('/contracts')`.
 */
export function as(client: ApiClient, user: User, company: { id: string }) {
  return requests(client, (request) => request.header('x-company-id', company.id).loginAs(user))
}

/**
 * `as`, through one session opened beforehand: each request then sends
 * only its own statements (what a statement count asks), not a login's.
 */
export async function inSession(client: ApiClient, user: User, company: { id: string }) {
  const { accessToken } = await sessionTokens.openSession(user, {})
  return requests(client, (request) =>
    request.bearerToken(accessToken).header('x-company-id', company.id)
  )
}
