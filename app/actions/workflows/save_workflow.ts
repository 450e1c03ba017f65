import type { Infer } from '@vinejs/vine/types'
import Workflow from '#models/workflow'
import type Company from '#models/company'
import type { saveWorkflowValidator } from '#validators/workflow'

/** Creates a workflow, or replaces one of the company (PUT) */
export default class SaveWorkflow {
  async handle(company: Company, payload: Infer<typeof saveWorkflowValidator>, id?: string) {
    const workflow = id ? await Workflow.findOwned(company.id, id) : new Workflow()
    workflow.merge({
      companyId: company.id,
      name: payload.name,
      companyRole: payload.companyRole,
      deadlineDays: payload.deadlineDays ?? null,
      steps: payload.steps ?? [],
    })
    return workflow.save()
  }
}
