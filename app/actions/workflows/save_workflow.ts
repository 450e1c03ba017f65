import type { Infer } from '@vinejs/vine/types'
import Workflow from '#models/workflow'
import type Company from '#models/company'
import { NotFoundException } from '#exceptions/http_exceptions'
import type { saveWorkflowValidator } from '#validators/workflow'

/** Creates a workflow, or replaces one of the company (PUT) */
export default class SaveWorkflow {
  async handle(company: Company, payload: Infer<typeof saveWorkflowValidator>, id?: string) {
    const workflow = id ? await SaveWorkflow.find(company, id) : new Workflow()
    workflow.merge({
      companyId: company.id,
      name: payload.name,
      companyRole: payload.companyRole,
      deadlineDays: payload.deadlineDays ?? null,
      steps: payload.steps ?? [],
    })
    return workflow.save()
  }

  /** Tenant finder: another company's (or a deleted) workflow is 404 */
  static async find(company: Company, id: string) {
    const workflow = await Workflow.query()
      .where('id', id)
      .where('company_id', company.id)
      .whereNull('deleted_at')
      .first()
    if (!workflow) throw new NotFoundException('Workflow not found')
    return workflow
  }
}
