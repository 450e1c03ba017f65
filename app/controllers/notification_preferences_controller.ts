import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShowNotificationPreferences from '#actions/notifications/show_notification_preferences'
import UpdateNotificationPreferences from '#actions/notifications/update_notification_preferences'
import NotificationSettingsDto from '#dtos/notification_settings_dto'
import { updateNotificationPreferencesValidator } from '#validators/notification_settings'

export default class NotificationPreferencesController {
  /** I6 GET /notifications/preferences */
  @inject()
  async show({ auth, company }: HttpContext, show: ShowNotificationPreferences) {
    const { preference, setting } = await show.handle(auth.getUserOrFail().id, company.id)
    return { data: NotificationSettingsDto.preferences(preference, setting) }
  }

  /** I7 PUT /notifications/preferences */
  @inject()
  async update({ request, auth, company }: HttpContext, update: UpdateNotificationPreferences) {
    const payload = await request.validateUsing(updateNotificationPreferencesValidator)
    const { preference, setting } = await update.handle(
      auth.getUserOrFail().id,
      company.id,
      payload
    )
    return { data: NotificationSettingsDto.preferences(preference, setting) }
  }
}
