import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import SaveWorkflow from '#actions/workflows/save_workflow'
import ListWorkflows from '#actions/workflows/list_workflows'
import DeleteWorkflow from '#actions/workflows/delete_workflow'
import WorkflowDto from '#dtos/workflow_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import Workflow from '#models/workflow'
import { listWorkflowsValidator, saveWorkflowValidator } from '#validators/workflow'

export default class WorkflowsController {
  @inject()
  async index({ request, company }: HttpContext, list: ListWorkflows) {
    const page = await list.handle(company, await request.validateUsing(listWorkflowsValidator))
    return {
      data: page.all().map((workflow) => WorkflowDto.fromModel(workflow)),
      meta: PaginationMetaDto.fromPaginator(page),
    }
  }

  async show({ params, company }: HttpContext) {
    return { data: WorkflowDto.fromModel(await Workflow.findOwned(company.id, params.id)) }
  }

  @inject()
  async store({ request, response, company }: HttpContext, save: SaveWorkflow) {
    const workflow = await save.handle(company, await request.validateUsing(saveWorkflowValidator))
    return response.created({ data: WorkflowDto.fromModel(workflow) })
  }

  @inject()
  async update({ request, params, company }: HttpContext, save: SaveWorkflow) {
    const payload = await request.validateUsing(saveWorkflowValidator)
    return { data: WorkflowDto.fromModel(await save.handle(company, payload, params.id)) }
  }

  @inject()
  async destroy({ params, response, company }: HttpContext, remove: DeleteWorkflow) {
    await remove.handle(company, params.id)
    return response.noContent()
  }
}
