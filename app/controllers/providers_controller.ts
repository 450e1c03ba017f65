import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListTeamMembers from '#actions/team/list_team_members'
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
    sendJsonText(response, await listTeam.handle(company, filters, 'providers', readVersions))
  }
}
