import { inject } from '@adonisjs/core'
import ContractTemplate from '#models/contract_template'
import type Company from '#models/company'
import Clock from '#services/platform/clock'

/** Soft delete: contracts already generated keep their template */
@inject()
export default class DeleteTemplate {
  constructor(protected clock: Clock) {}

  async handle(company: Company, id: string) {
    const template = await ContractTemplate.findOwned(company.id, id)
    template.deletedAt = this.clock.local()
    await template.save()
  }
}
