import CompanyNotificationSetting from '#models/company_notification_setting'
import type Company from '#models/company'
import { NotFoundException } from '#exceptions/http_exceptions'

/**
 * The company named in the path must be the context company (x-company-id);
 * any other id is 404, so another company's settings stay invisible.
 */
export function assertContextCompany(company: Company, id: string) {
  if (id !== company.id) throw new NotFoundException('errors.company_not_found')
}

/** I8: the company's allowed channels and saved type overrides */
export default class ShowCompanyNotificationSettings {
  async handle(company: Company, id: string) {
    assertContextCompany(company, id)
    return CompanyNotificationSetting.findBy('companyId', company.id)
  }
}
