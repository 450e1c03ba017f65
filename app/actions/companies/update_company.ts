import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import Company from '#models/company'
import { assertContextCompany } from '#actions/notifications/show_company_notification_settings'
import type { updateCompanyValidator } from '#validators/company'

type Params = Infer<typeof updateCompanyValidator>

/**
 * PUT /company/:id (owner or admin): the company's profile. The path id
 * must be the context company (another id is 404, as I8/I9). Only the
 * fields sent change; GET /company/onboarding/check reads the result.
 */
export default class UpdateCompany {
  async handle(company: Company, id: string, changes: Params) {
    assertContextCompany(company, id)
    return db.transaction(async (trx) => {
      const locked = await Company.query({ client: trx })
        .where('id', company.id)
        .forUpdate()
        .firstOrFail()
      const defined = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined)
      )
      locked.useTransaction(trx)
      await locked.merge(defined).save()
      return locked
    })
  }
}
