import { DateTime } from 'luxon'
import Workflow from '#models/workflow'
import type Company from '#models/company'

/** Soft delete: contracts keep their workflow (and perspective) */
export default class DeleteWorkflow {
  async handle(company: Company, id: string) {
    const workflow = await Workflow.findOwned(company.id, id)
    workflow.deletedAt = DateTime.now()
    await workflow.save()
  }
}
