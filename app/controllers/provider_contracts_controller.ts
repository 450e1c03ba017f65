import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListProviderContractDocuments from '#actions/contracts/list_provider_contract_documents'
import ShowProviderContract from '#actions/contracts/show_provider_contract'

export default class ProviderContractsController {
  /** B2: GET /contracts/:id/documents */
  @inject()
  async documents(
    { params, auth, company }: HttpContext,
    listDocuments: ListProviderContractDocuments
  ) {
    const { documents } = await listDocuments.handle(company, auth.getUserOrFail(), params.id)
    return { data: documents }
  }

  /** B3: GET /contracts/:id/provider/detail */
  @inject()
  async detail({ params, auth, company }: HttpContext, show: ShowProviderContract) {
    return { data: await show.handle(company, auth.getUserOrFail(), params.id) }
  }
}
