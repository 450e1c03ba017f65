import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListCompanyMembers from '#actions/companies/list_company_members'
import InviteCompanyMember from '#actions/companies/invite_company_member'
import ChangeMemberRole from '#actions/companies/change_member_role'
import RemoveCompanyMember from '#actions/companies/remove_company_member'
import CompanyMemberDto from '#dtos/company_member_dto'
import CompanyMemberPolicy from '#policies/company_member_policy'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import {
  inviteCompanyMemberValidator,
  listCompanyMembersValidator,
  updateCompanyMemberValidator,
} from '#validators/company_member'

export default class CompanyMembersController {
  /**
   * GET /company/members: members of the context company (borrower side).
   */
  @inject()
  async index({ request, company }: HttpContext, listMembers: ListCompanyMembers) {
    const filters = await request.validateUsing(listCompanyMembersValidator)
    const page = await listMembers.handle(company, filters)
    return {
      data: page.all().map((member) => CompanyMemberDto.fromModel(member)),
      meta: PaginationMetaDto.fromPaginator(page),
    }
  }

  /** POST /company/members: 202, the membership exists once the person accepts */
  @inject()
  async store(
    { auth, bouncer, request, response, company, membership }: HttpContext,
    inviteMember: InviteCompanyMember
  ) {
    const payload = await request.validateUsing(inviteCompanyMemberValidator)
    await bouncer.with(CompanyMemberPolicy).authorize('invite', membership, payload.role)
    await inviteMember.handle(company, auth.getUserOrFail(), payload)
    return response.accepted({
      data: { email: payload.email, role: payload.role, status: 'invited' },
    })
  }

  /** PATCH /company/members/:userId */
  @inject()
  async update(
    { auth, bouncer, request, params, company, membership }: HttpContext,
    changeRole: ChangeMemberRole
  ) {
    const { role } = await request.validateUsing(updateCompanyMemberValidator)
    const member = await changeRole.handle({
      company,
      changedBy: auth.getUserOrFail(),
      caller: membership,
      bouncer,
      userId: params.userId,
      role,
    })
    return { data: CompanyMemberDto.fromModel(member) }
  }

  /** DELETE /company/members/:userId */
  @inject()
  async destroy(
    { params, bouncer, response, company, membership }: HttpContext,
    removeMember: RemoveCompanyMember
  ) {
    await removeMember.handle(company, membership, bouncer, params.userId)
    return response.noContent()
  }
}
