import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ToggleTeamLink from '#actions/team/toggle_team_link'
import TeamMemberDto from '#dtos/team_member_dto'
import TeamMemberPolicy from '#policies/team_member_policy'
import { toggleTeamLinkValidator } from '#validators/team'

export default class TeamLinksController {
  /** E3: PATCH /team/:contractPartId/active */
  @inject()
  async updateActive(
    { request, bouncer, company, membership }: HttpContext,
    toggle: ToggleTeamLink
  ) {
    await bouncer.with(TeamMemberPolicy).authorize('update', membership)
    const { isActive, params } = await request.validateUsing(toggleTeamLinkValidator)
    const row = await toggle.handle(company, params.contractPartId, isActive)
    return { data: TeamMemberDto.fromRow(row) }
  }
}
