import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListUserCompanies from '#actions/companies/list_user_companies'
import UpdateCompany from '#actions/companies/update_company'
import UploadCompanyLogo from '#actions/companies/upload_company_logo'
import SetCompanyLogo from '#actions/companies/set_company_logo'
import CompanyDto from '#dtos/company_dto'
import { logoUrl } from '#services/files/logo_urls'
import { updateCompanyValidator } from '#validators/company'

export default class CompaniesController {
  /**
   * GET /company: the caller's companies with the caller's role in each.
   */
  @inject()
  async index({ auth }: HttpContext, listUserCompanies: ListUserCompanies) {
    return { data: await listUserCompanies.handle(auth.getUserOrFail()) }
  }

  /** PUT /company/:id: the context company's profile (owner or admin) */
  @inject()
  async update({ request, params, company }: HttpContext, updateCompany: UpdateCompany) {
    const changes = await request.validateUsing(updateCompanyValidator)
    const updated = await updateCompany.handle(company, params.id, changes)
    return { data: CompanyDto.fromModel(updated, await logoUrl(updated.logo)) }
  }

  /** POST /company/:id/logo (multipart `file`): the context company's logo (owner or admin) */
  @inject()
  async storeLogo({ request, params, company }: HttpContext, upload: UploadCompanyLogo) {
    const updated = await upload.handle(company, params.id, request.file('file'))
    return { data: CompanyDto.fromModel(updated, await logoUrl(updated.logo)) }
  }

  /** DELETE /company/:id/logo: the company goes back to no logo */
  @inject()
  async destroyLogo({ params, response, company }: HttpContext, setLogo: SetCompanyLogo) {
    await setLogo.handle(company, params.id, null)
    return response.noContent()
  }
}
