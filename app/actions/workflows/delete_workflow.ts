import { inject } from '@adonisjs/core'
import Workflow from '#models/workflow'
import type Company from '#models/company'
import Clock from '#services/platform/clock'

/** Soft delete: contracts keep their workflow (and perspective) */
@inject()
export default class DeleteWorkflow {
  constructor(protected clock: Clock) {}

  async handle(company: Company, id: string) {
    const workflow = await Workflow.findOwned(company.id, id)
    workflow.deletedAt = this.clock.local()
    await workflow.save()
  }
}
