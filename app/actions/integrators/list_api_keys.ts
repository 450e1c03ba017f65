import type { Infer } from '@vinejs/vine/types'
import ApiKey from '#models/api_key'
import type Company from '#models/company'
import type { listApiKeysValidator } from '#validators/api_key'

/** GET /api-keys: the company's keys, revoked and expired ones included, newest first */
export default class ListApiKeys {
  handle(company: Company, filters: Infer<typeof listApiKeysValidator>) {
    return ApiKey.query()
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(filters.page ?? 1, filters.perPage ?? 20)
  }
}
