import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListCompanyMembers from '#actions/companies/list_company_members'
import CompanyMemberDto from '#dtos/company_member_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import { listCompanyMembersValidator } from '#validators/company_member'

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
}
