import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import CompanyNotificationSetting from '#models/company_notification_setting'
import type Company from '#models/company'
import { assertContextCompany } from '#actions/notifications/show_company_notification_settings'
import type { updateCompanyNotificationSettingsValidator } from '#validators/notification_settings'

type Payload = Infer<typeof updateCompanyNotificationSettingsValidator>

/** I9: replaces the company's allowed channels and type overrides */
export default class UpdateCompanyNotificationSettings {
  handle(company: Company, id: string, payload: Payload) {
    assertContextCompany(company, id)
    return db.transaction((trx) =>
      CompanyNotificationSetting.updateOrCreate(
        { companyId: company.id },
        { allowedChannels: payload.allowedChannels, types: payload.types },
        { client: trx }
      )
    )
  }
}
