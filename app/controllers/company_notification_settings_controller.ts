import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShowCompanyNotificationSettings from '#actions/notifications/show_company_notification_settings'
import UpdateCompanyNotificationSettings from '#actions/notifications/update_company_notification_settings'
import NotificationSettingsDto from '#dtos/notification_settings_dto'
import { updateCompanyNotificationSettingsValidator } from '#validators/notification_settings'

export default class CompanyNotificationSettingsController {
  /** I8 GET /company/:id/notification-settings */
  @inject()
  async show({ company, params }: HttpContext, show: ShowCompanyNotificationSettings) {
    const setting = await show.handle(company, params.id)
    return { data: NotificationSettingsDto.company(setting) }
  }

  /** I9 PUT /company/:id/notification-settings */
  @inject()
  async update(
    { request, company, params }: HttpContext,
    update: UpdateCompanyNotificationSettings
  ) {
    const payload = await request.validateUsing(updateCompanyNotificationSettingsValidator)
    const setting = await update.handle(company, params.id, payload)
    return { data: NotificationSettingsDto.company(setting) }
  }
}
