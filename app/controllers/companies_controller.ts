import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListUserCompanies from '#actions/companies/list_user_companies'
import CompanyDto from '#dtos/company_dto'

export default class CompaniesController {
  /**
   * GET /company: the caller's companies with the caller's role in each.
   */
  @inject()
  async index({ auth }: HttpContext, listUserCompanies: ListUserCompanies) {
    const companies = await listUserCompanies.handle(auth.getUserOrFail())
    return { data: companies.map(({ company, role }) => CompanyDto.withRole(company, role)) }
  }
}
