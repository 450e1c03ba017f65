import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import CompanyNotificationSetting from '#models/company_notification_setting'
import NotificationPreference from '#models/notification_preference'
import type { updateNotificationPreferencesValidator } from '#validators/notification_settings'

type Payload = Infer<typeof updateNotificationPreferencesValidator>

/** I7: replaces the user's channel flags in the company (absent flag = on) */
export default class UpdateNotificationPreferences {
  handle(userId: string, companyId: string, { channels }: Payload) {
    return db.transaction(async (trx) => {
      const preference = await NotificationPreference.updateOrCreate(
        { userId, companyId },
        { channels },
        { client: trx }
      )
      const setting = await CompanyNotificationSetting.query({ client: trx })
        .where('company_id', companyId)
        .first()
      return { preference, setting }
    })
  }
}
