import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListUserCompanies from '#actions/companies/list_user_companies'
import UpdateCompany from '#actions/companies/update_company'
import CompanyDto from '#dtos/company_dto'
import { updateCompanyValidator } from '#validators/company'

export default class CompaniesController {
  /**
   * GET /company: the caller's companies with the caller's role in each.
   */
  @inject()
  async index({ auth }: HttpContext, listUserCompanies: ListUserCompanies) {
    const companies = await listUserCompanies.handle(auth.getUserOrFail())
    return { data: companies.map(({ company, role }) => CompanyDto.withRole(company, role)) }
  }

  /** PUT /company/:id: the context company's profile (owner or admin) */
  @inject()
  async update({ request, params, company }: HttpContext, updateCompany: UpdateCompany) {
    const changes = await request.validateUsing(updateCompanyValidator)
    const updated = await updateCompany.handle(company, params.id, changes)
    return { data: CompanyDto.fromModel(updated) }
  }
}
