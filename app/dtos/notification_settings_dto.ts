import type CompanyNotificationSetting from '#models/company_notification_setting'
import type NotificationPreference from '#models/notification_preference'
import { isMandatoryType, withDefaultChannels } from '#enums/notifications'

/** I6/I7 and I8/I9 bodies: full flag sets (missing = on) */
export default class NotificationSettingsDto {
  static preferences(
    preference: NotificationPreference | null,
    setting: CompanyNotificationSetting | null
  ) {
    return {
      channels: withDefaultChannels(preference?.channels),
      companyAllowedChannels: withDefaultChannels(setting?.allowedChannels),
    }
  }

  /** `types` holds only saved overrides, never a mandatory type */
  static company(setting: CompanyNotificationSetting | null) {
    const saved = Object.entries(setting?.types ?? {})
    return {
      allowedChannels: withDefaultChannels(setting?.allowedChannels),
      types: Object.fromEntries(saved.filter(([type]) => !isMandatoryType(type))),
    }
  }
}
