import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListTeamMembers from '#actions/team/list_team_members'
import ProviderListItemDto from '#dtos/provider_list_item_dto'
import { teamPage } from '#controllers/team_members_controller'
import { sendJsonText } from '#support/json_text'

export default class ProvidersController {
  /** F: GET /providers, the team's links with their hour totals */
  @inject()
  async index(ctx: HttpContext, listTeam: ListTeamMembers) {
    const { data, total, meta } = await teamPage(ctx, listTeam, {
      read: 'providers',
      sql: ProviderListItemDto.JSON_SQL,
    })
    sendJsonText(ctx.response, `{"data":${data},"total":${total},"meta":${meta}}`)
  }
}
