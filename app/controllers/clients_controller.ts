import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListClients from '#actions/team/list_clients'
import TeamClientDto from '#dtos/team_client_dto'
import PageMetaDto from '#dtos/page_meta_dto'
import { listTeamValidator } from '#validators/team'

export default class ClientsController {
  /** GET /clients: the borrowers of the provider (mirror of GET /team) */
  @inject()
  async index({ request, auth, membership }: HttpContext, listClients: ListClients) {
    const filters = await request.validateUsing(listTeamValidator)
    const { rows, total, page, pageSize } = await listClients.handle(
      auth.getUserOrFail(),
      membership,
      filters
    )
    return {
      data: rows.map((row) => TeamClientDto.fromRow(row)),
      meta: PageMetaDto.from(total, page, pageSize),
    }
  }
}
