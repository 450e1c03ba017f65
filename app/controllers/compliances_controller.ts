import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListCompanyCompliances from '#actions/compliance/list_company_compliances'
import ShowCompanyCompliance from '#actions/compliance/show_company_compliance'
import PageMetaDto from '#dtos/page_meta_dto'
import ComplianceSummaryDto from '#dtos/compliance_summary_dto'
import { listCompanyCompliancesValidator } from '#validators/provider_compliance'

/** GET /compliances, GET /compliances/:id: the borrower's view of every provider's compliances */
export default class CompliancesController {
  @inject()
  async index({ request, company }: HttpContext, list: ListCompanyCompliances) {
    const filters = await request.validateUsing(listCompanyCompliancesValidator)
    const { rows, total, page, pageSize } = await list.handle(company, filters)
    return {
      data: rows.map((row) => ComplianceSummaryDto.fromRow(row)),
      meta: PageMetaDto.from(total, page, pageSize),
    }
  }

  @inject()
  async show({ params, company }: HttpContext, show: ShowCompanyCompliance) {
    return { data: await show.handle(company, params.id) }
  }
}
