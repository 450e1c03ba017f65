import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListContracts from '#actions/contracts/list_contracts'
import ListProviderContracts from '#actions/contracts/list_provider_contracts'
import BoardContracts from '#actions/contracts/board_contracts'
import SaveContract from '#actions/contracts/save_contract'
import ShowContractDetail from '#actions/contracts/show_contract_detail'
import DeleteContract from '#actions/contracts/delete_contract'
import ContractDto from '#dtos/contract_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import {
  boardContractsValidator,
  listContractsValidator,
  saveContractValidator,
} from '#validators/contract'
import { isProvider } from '#enums/roles'
import { sendJsonText } from '#support/json_text'

export default class ContractsController {
  /** H1 (borrower side) / B4 (provider): GET /contracts */
  @inject()
  async index(
    { request, response, company, membership, readVersions }: HttpContext,
    list: ListContracts,
    listForProvider: ListProviderContracts
  ) {
    const filters = await request.validateUsing(listContractsValidator)
    if (isProvider(membership.role)) {
      const { page, data } = await listForProvider.handle(company, membership, filters)
      return { data, meta: PaginationMetaDto.fromPaginator(page) }
    }
    sendJsonText(response, await list.handle(company, filters, readVersions))
  }

  /** H2: GET /contracts/board */
  @inject()
  async board({ request, response, company, readVersions }: HttpContext, board: BoardContracts) {
    const filters = await request.validateUsing(boardContractsValidator)
    sendJsonText(response, await board.handle(company, filters, readVersions))
  }

  /** H3: POST /contracts */
  @inject()
  async store({ request, response, auth, company }: HttpContext, save: SaveContract) {
    const payload = await request.validateUsing(saveContractValidator)
    const contract = await save.handle(company, auth.getUserOrFail(), payload)
    return response.created({ data: ContractDto.record(contract) })
  }

  /** H4: PUT /contracts/:id */
  @inject()
  async update({ request, params, auth, company }: HttpContext, save: SaveContract) {
    const payload = await request.validateUsing(saveContractValidator)
    const contract = await save.handle(company, auth.getUserOrFail(), payload, params.id)
    const { id, name, status, progress, updatedAt } = ContractDto.record(contract)
    return { data: { id, name, status, progress, updatedAt } }
  }

  /** H5: GET /contracts/:id/detail and GET /contracts/:id */
  @inject()
  async show({ params, company, readVersions }: HttpContext, detail: ShowContractDetail) {
    return { data: await detail.handle(company, params.id, readVersions) }
  }

  /** DELETE /contracts/:id (soft delete) */
  @inject()
  async destroy({ params, response, auth, company }: HttpContext, remove: DeleteContract) {
    await remove.handle(company, auth.getUserOrFail(), params.id)
    return response.noContent()
  }
}
