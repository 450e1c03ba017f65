import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import SaveTemplate from '#actions/templates/save_template'
import ListTemplates from '#actions/templates/list_templates'
import DeleteTemplate from '#actions/templates/delete_template'
import ContractTemplateDto from '#dtos/contract_template_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import ContractTemplate from '#models/contract_template'
import { listTemplatesValidator, saveTemplateValidator } from '#validators/contract_template'

export default class TemplatesController {
  @inject()
  async index({ request, company }: HttpContext, list: ListTemplates) {
    const page = await list.handle(company, await request.validateUsing(listTemplatesValidator))
    return {
      data: page.all().map((template) => ContractTemplateDto.fromModel(template)),
      meta: PaginationMetaDto.fromPaginator(page),
    }
  }

  async show({ params, company }: HttpContext) {
    return {
      data: ContractTemplateDto.fromModel(await ContractTemplate.findOwned(company.id, params.id)),
    }
  }

  @inject()
  async store({ request, response, company }: HttpContext, save: SaveTemplate) {
    const template = await save.handle(company, await request.validateUsing(saveTemplateValidator))
    return response.created({ data: ContractTemplateDto.fromModel(template) })
  }

  @inject()
  async update({ request, params, company }: HttpContext, save: SaveTemplate) {
    const payload = await request.validateUsing(saveTemplateValidator)
    return { data: ContractTemplateDto.fromModel(await save.handle(company, payload, params.id)) }
  }

  @inject()
  async destroy({ params, response, company }: HttpContext, remove: DeleteTemplate) {
    await remove.handle(company, params.id)
    return response.noContent()
  }
}
