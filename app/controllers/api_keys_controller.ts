import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CreateApiKey from '#actions/integrators/create_api_key'
import ListApiKeys from '#actions/integrators/list_api_keys'
import RotateApiKey from '#actions/integrators/rotate_api_key'
import RevokeApiKey from '#actions/integrators/revoke_api_key'
import ApiKeyDto from '#dtos/api_key_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import Clock from '#services/platform/clock'
import { createApiKeyValidator, listApiKeysValidator } from '#validators/api_key'

/** API keys of the x-company-id company (owner and admin, people only: their routes' gates) */
@inject()
export default class ApiKeysController {
  constructor(private clock: Clock) {}

  @inject()
  async index({ request, company }: HttpContext, list: ListApiKeys) {
    const page = await list.handle(company, await request.validateUsing(listApiKeysValidator))
    const now = this.clock.now()
    return {
      data: page.all().map((key) => ApiKeyDto.fromModel(key, now)),
      meta: PaginationMetaDto.fromPaginator(page),
    }
  }

  @inject()
  async store({ request, response, auth, company }: HttpContext, create: CreateApiKey) {
    const payload = await request.validateUsing(createApiKeyValidator)
    const { key, secret } = await create.handle(company, auth.getUserOrFail(), payload)
    return response.created({ data: ApiKeyDto.withSecret(key, secret, this.clock.now()) })
  }

  @inject()
  async rotate({ params, company }: HttpContext, rotate: RotateApiKey) {
    const { key, secret } = await rotate.handle(company, params.id)
    return { data: ApiKeyDto.withSecret(key, secret, this.clock.now()) }
  }

  @inject()
  async destroy({ params, response, company }: HttpContext, revoke: RevokeApiKey) {
    await revoke.handle(company, params.id)
    return response.noContent()
  }
}
