import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ToggleTeamLink from '#actions/team/toggle_team_link'
import TeamMemberDto from '#dtos/team_member_dto'
import { toggleTeamLinkValidator } from '#validators/team'

export default class TeamLinksController {
  /** E3: PATCH /team/:contractPartId/active */
  @inject()
  async updateActive({ request, company, params }: HttpContext, toggle: ToggleTeamLink) {
    const { isActive } = await request.validateUsing(toggleTeamLinkValidator)
    const row = await toggle.handle(company, params.contractPartId, isActive)
    return { data: TeamMemberDto.fromRow(row) }
  }
}
