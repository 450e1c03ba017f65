import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShowProviderContract from '#actions/contracts/show_provider_contract'

export default class ProviderContractsController {
  /** B2: GET /contracts/:id/documents */
  @inject()
  async documents({ params, auth, company }: HttpContext, show: ShowProviderContract) {
    return { data: await show.documents(company, auth.getUserOrFail(), params.id) }
  }

  /** B3: GET /contracts/:id/provider/detail */
  @inject()
  async detail({ params, auth, company }: HttpContext, show: ShowProviderContract) {
    return { data: await show.detail(company, auth.getUserOrFail(), params.id) }
  }
}
