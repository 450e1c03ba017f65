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
import ContractPolicy from '#policies/contract_policy'
import {
  boardContractsValidator,
  listContractsValidator,
  saveContractValidator,
} from '#validators/contract'
import { isProvider } from '#support/roles'

export default class ContractsController {
  /** H1 (borrower side) / B4 (provider): GET /contracts */
  @inject()
  async index(
    { request, auth, bouncer, company, membership }: HttpContext,
    list: ListContracts,
    listForProvider: ListProviderContracts
  ) {
    await bouncer.with(ContractPolicy).authorize('list', membership)
    const filters = await request.validateUsing(listContractsValidator)
    if (isProvider(membership.role)) {
      const { page, data } = await listForProvider.handle(company, auth.user!, filters)
      return { data, meta: PaginationMetaDto.fromPaginator(page) }
    }
    const page = await list.handle(company, filters)
    return {
      data: page.all().map((contract) => ContractDto.record(contract)),
      meta: PaginationMetaDto.fromPaginator(page),
    }
  }

  /** H2: GET /contracts/board */
  @inject()
  async board({ request, bouncer, company, membership }: HttpContext, board: BoardContracts) {
    await bouncer.with(ContractPolicy).authorize('manage', membership)
    const filters = await request.validateUsing(boardContractsValidator)
    const columns = await board.handle(company, filters)
    return {
      data: {
        columns: columns.map((column) => ({
          key: column.key,
          total: column.total,
          totalCapped: column.totalCapped,
          contracts: column.contracts.map((contract) => ContractDto.record(contract)),
        })),
      },
    }
  }

  /** H3: POST /contracts */
  @inject()
  async store(
    { request, response, auth, bouncer, company, membership }: HttpContext,
    save: SaveContract
  ) {
    await bouncer.with(ContractPolicy).authorize('manage', membership)
    const payload = await request.validateUsing(saveContractValidator)
    const contract = await save.handle(company, auth.user!, payload)
    return response.created({ data: ContractDto.record(contract) })
  }

  /** H4: PUT /contracts/:id */
  @inject()
  async update(
    { request, params, auth, bouncer, company, membership }: HttpContext,
    save: SaveContract
  ) {
    await bouncer.with(ContractPolicy).authorize('manage', membership)
    const payload = await request.validateUsing(saveContractValidator)
    const contract = await save.handle(company, auth.user!, payload, params.id)
    const { id, name, status, progress, updatedAt } = ContractDto.record(contract)
    return { data: { id, name, status, progress, updatedAt } }
  }

  /** H5: GET /contracts/:id/detail and GET /contracts/:id */
  @inject()
  async show({ params, bouncer, company, membership }: HttpContext, detail: ShowContractDetail) {
    await bouncer.with(ContractPolicy).authorize('manage', membership)
    return { data: await detail.handle(company, params.id) }
  }

  /** DELETE /contracts/:id (soft delete) */
  @inject()
  async destroy(
    { params, response, auth, bouncer, company, membership }: HttpContext,
    remove: DeleteContract
  ) {
    await bouncer.with(ContractPolicy).authorize('manage', membership)
    await remove.handle(company, auth.user!, params.id)
    return response.noContent()
  }
}
