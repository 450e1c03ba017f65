import { DateTime } from 'luxon'
import type Company from '#models/company'
import SaveTemplate from '#actions/templates/save_template'

/** Soft delete: contracts already generated keep their template */
export default class DeleteTemplate {
  async handle(company: Company, id: string) {
    const template = await SaveTemplate.find(company, id)
    template.deletedAt = DateTime.now()
    await template.save()
  }
}
