import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import type { Permission } from '#support/permissions'

/** Creates a key through POST /api-keys as `owner` and returns its id and secret */
export async function createApiKey(
  client: ApiClient,
  owner: User,
  company: { id: string },
  permissions: Permission[],
  extra: Record<string, unknown> = {}
) {
  const response = await client
    .post('/api/v1/api-keys')
    .header('x-company-id', company.id)
    .loginAs(owner)
    .json({ name: 'ERP', permissions, ...extra })
  response.assertStatus(201)
  return response.body().data as { id: string; secret: string; prefix: string }
}

/** Requests under `/api/v1` authenticated by an API key only (no x-company-id) */
export function withKey(client: ApiClient, secret: string) {
  const request = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string) =>
    client[method](`/api/v1${url}`).bearerToken(secret)
  return {
    get: (url: string) => request('get', url),
    post: (url: string) => request('post', url),
    put: (url: string) => request('put', url),
    patch: (url: string) => request('patch', url),
    delete: (url: string) => request('delete', url),
  }
}
