import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CompanyNotificationSetting from '#models/company_notification_setting'
import NotificationPreference from '#models/notification_preference'
import { isMandatoryType, type Channels, type DeliveryChannel } from '#enums/notifications'

export type GateReason =
  'type_disabled_by_company' | 'channel_not_allowed_by_company' | 'channel_disabled_by_user'

/** What the company and the user saved (missing = on) */
export interface Gates {
  companyTypes: Record<string, boolean>
  companyChannels: Partial<Channels>
  userChannels: Partial<Channels>
}

const OPEN_GATES: Gates = { companyTypes: {}, companyChannels: {}, userChannels: {} }

/**
 * The delivery rule (spec I): a mandatory type is always delivered;
 * otherwise the type must be active for the company AND the channel
 * allowed by the company AND on for the user. Returns why not, or null.
 */
export function blockedBy(type: string, channel: DeliveryChannel, gates: Gates): GateReason | null {
  if (isMandatoryType(type)) return null
  if (gates.companyTypes[type] === false) return 'type_disabled_by_company'
  if (gates.companyChannels[channel] === false) return 'channel_not_allowed_by_company'
  if (gates.userChannels[channel] === false) return 'channel_disabled_by_user'
  return null
}

/**
 * The gates of every (user, company) recipient, in two queries.
 */
export async function loadGates(
  recipients: { userId: string; companyId: string }[],
  trx: TransactionClientContract
) {
  const userIds = [...new Set(recipients.map((recipient) => recipient.userId))]
  const companyIds = [...new Set(recipients.map((recipient) => recipient.companyId))]
  /** In sequence: a transaction's client runs one query at a time */
  const settings = await CompanyNotificationSetting.query({ client: trx }).whereIn(
    'company_id',
    companyIds
  )
  const preferences = await NotificationPreference.query({ client: trx })
    .whereIn('user_id', userIds)
    .whereIn('company_id', companyIds)
  const byCompany = new Map(settings.map((setting) => [setting.companyId, setting]))
  const byMember = new Map(
    preferences.map((preference) => [`${preference.userId}:${preference.companyId}`, preference])
  )

  return (userId: string, companyId: string): Gates => {
    const setting = byCompany.get(companyId)
    return {
      companyTypes: setting?.types ?? OPEN_GATES.companyTypes,
      companyChannels: setting?.allowedChannels ?? OPEN_GATES.companyChannels,
      userChannels: byMember.get(`${userId}:${companyId}`)?.channels ?? OPEN_GATES.userChannels,
    }
  }
}
