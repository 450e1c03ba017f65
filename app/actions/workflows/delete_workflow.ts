import { DateTime } from 'luxon'
import type Company from '#models/company'
import SaveWorkflow from '#actions/workflows/save_workflow'

/** Soft delete: contracts keep their workflow (and perspective) */
export default class DeleteWorkflow {
  async handle(company: Company, id: string) {
    const workflow = await SaveWorkflow.find(company, id)
    workflow.deletedAt = DateTime.now()
    await workflow.save()
  }
}
