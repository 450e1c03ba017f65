import CompanyNotificationSetting from '#models/company_notification_setting'
import NotificationPreference from '#models/notification_preference'
import { parallelReads } from '#support/parallel_reads'

/** I6: the user's channel flags in the company and the company's allowed channels */
export default class ShowNotificationPreferences {
  async handle(userId: string, companyId: string) {
    const [preference, setting] = await parallelReads([
      () => NotificationPreference.query().where({ userId, companyId }).first(),
      () => CompanyNotificationSetting.findBy('companyId', companyId),
    ])
    return { preference, setting }
  }
}
