import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListTeamMembers from '#actions/team/list_team_members'
import ProviderListItemDto from '#dtos/provider_list_item_dto'
import PageMetaDto from '#dtos/page_meta_dto'
import { listTeamValidator } from '#validators/team'
import { sendJsonText } from '#support/json_text'

export default class ProvidersController {
  /** F: GET /providers, the team's links with their hour totals */
  @inject()
  async index(
    { request, response, company, readVersions }: HttpContext,
    listTeam: ListTeamMembers
  ) {
    const filters = await request.validateUsing(listTeamValidator)
    const { data, total, page, pageSize } = await listTeam.handle(
      company,
      filters,
      { read: 'providers', sql: ProviderListItemDto.JSON_SQL },
      readVersions
    )
    const meta = PageMetaDto.from(total, page, pageSize)
    sendJsonText(response, `{"data":${data},"total":${total},"meta":${JSON.stringify(meta)}}`)
  }
}
