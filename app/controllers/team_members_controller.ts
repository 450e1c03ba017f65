import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import Clock from '#services/platform/clock'
import { withLogoUrls } from '#services/files/logo_urls'
import ContractPart from '#models/contract_part'
import ListTeamMembers from '#actions/team/list_team_members'
import ShowTeamMember from '#actions/team/show_team_member'
import InviteTeamMember from '#actions/team/invite_team_member'
import RemoveTeamMember from '#actions/team/remove_team_member'
import TeamMemberDto from '#dtos/team_member_dto'
import TeamInviteResultDto from '#dtos/team_invite_result_dto'
import TeamMemberContractDto from '#dtos/team_member_contract_dto'
import SessionEntryDto from '#dtos/session_entry_dto'
import PageMetaDto from '#dtos/page_meta_dto'
import { sendJsonText } from '#support/json_text'
import { inviteTeamMemberValidator, listTeamValidator } from '#validators/team'

/**
 * One page of the team's links (E1, and F's providers view with `item`):
 * the JSON text of the rows, their total and the page meta as JSON.
 */
export async function teamPage(
  { request, company, readVersions }: HttpContext,
  listTeam: ListTeamMembers,
  item: { read: string; sql: string }
) {
  const filters = await request.validateUsing(listTeamValidator)
  const { data, total, page, pageSize } = await listTeam.handle(
    company,
    filters,
    item,
    readVersions
  )
  return { data, total, meta: JSON.stringify(PageMetaDto.from(total, page, pageSize)) }
}

/**
 * Team (E1, E2, E4, E5, E6): the borrower's providers, legal entities and
 * natural persons alike. `:id` is the member's company id or user id.
 */
export default class TeamMembersController {
  @inject()
  async index(ctx: HttpContext, listTeam: ListTeamMembers) {
    const { data, meta } = await teamPage(ctx, listTeam, {
      read: 'team',
      sql: TeamMemberDto.LIST_ITEM_JSON_SQL,
    })
    sendJsonText(ctx.response, `{"data":${data},"meta":${meta}}`)
  }

  @inject()
  async show({ company, params }: HttpContext, showMember: ShowTeamMember) {
    const detail = await showMember.handle(company, params.id)
    return {
      member: TeamMemberDto.fromRow(detail.member),
      contract: detail.active
        ? TeamMemberContractDto.fromModel(detail.active.contract, detail.active)
        : null,
      contractsHistory: detail.history.map((part) =>
        TeamMemberContractDto.history(part.contract, part)
      ),
      documents: detail.documents,
      sessions: detail.sessions.map((session) => SessionEntryDto.fromModel(session)),
    }
  }

  @inject()
  async store({ request, response, auth, company }: HttpContext, inviteMember: InviteTeamMember) {
    const payload = await request.validateUsing(inviteTeamMemberValidator)
    const outcome = await inviteMember.handle(company, auth.getUserOrFail(), payload)
    return response.created(
      outcome.kind === 'registered'
        ? TeamInviteResultDto.fromModels(outcome.user, outcome.company)
        : TeamInviteResultDto.echo(payload, outcome.kind === 'person' ? outcome.user : undefined)
    )
  }

  /** E5: kept for compatibility; changes nothing and returns the member */
  @inject()
  async update({ company, params }: HttpContext, clock: Clock) {
    const rows = await ContractPart.findTeamLinks(company, { memberId: params.id }, clock.now())
    const [member] = await withLogoUrls([ContractPart.primaryLinkOf(rows)], 'co_logo')
    return { data: TeamMemberDto.fromRow(member) }
  }

  @inject()
  async destroy({ response, company, params }: HttpContext, removeMember: RemoveTeamMember) {
    await removeMember.handle(company, params.id)
    return response.noContent()
  }
}
