import { DateTime } from 'luxon'
import ContractTemplate from '#models/contract_template'
import type Company from '#models/company'

/** Soft delete: contracts already generated keep their template */
export default class DeleteTemplate {
  async handle(company: Company, id: string) {
    const template = await ContractTemplate.findOwned(company.id, id)
    template.deletedAt = DateTime.now()
    await template.save()
  }
}
