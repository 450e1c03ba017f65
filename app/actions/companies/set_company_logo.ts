import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import FileStorageService from '#services/files/storage_service'
import { isStoredLogo } from '#services/files/logo_urls'
import { assertContextCompany } from '#actions/notifications/show_company_notification_settings'
import { bestEffort } from '#support/best_effort'

/**
 * Points the context company's logo at `key` (a stored file) or at
 * nothing (DELETE /company/:id/logo). The row is locked, so two uploads
 * at once leave one logo and delete the other's file; the file replaced
 * is deleted only after the commit, so a failed change keeps the old logo
 * working.
 */
@inject()
export default class SetCompanyLogo {
  constructor(protected storage: FileStorageService) {}

  async handle(company: Company, id: string, key: string | null) {
    assertContextCompany(company, id)
    const { saved, previous } = await db.transaction(async (trx) => {
      const locked = await Company.query({ client: trx })
        .where('id', company.id)
        .forUpdate()
        .firstOrFail()
      const replaced = locked.logo
      locked.useTransaction(trx)
      await locked.merge({ logo: key }).save()
      return { saved: locked, previous: replaced }
    })
    if (isStoredLogo(previous) && previous !== key) {
      await bestEffort(
        this.storage.remove(previous),
        { companyId: company.id, key: previous },
        'replaced company logo left in Drive'
      )
    }
    return saved
  }
}
