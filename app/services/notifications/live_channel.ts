import CompanyMember from '#models/company_member'
import type { NotificationChannel } from '#policies/live_notification_policy'
import { UUID_V4 } from '#support/uuid'

/**
 * The transmit channel of a user's notifications in a company, as
 * `transmit.authorize` matches it (start/transmit.ts).
 */
export const NOTIFICATION_CHANNEL = 'users/:userId/companies/:companyId/notifications'

export interface NotificationChannelParams {
  userId: string
  companyId: string
}

export function notificationChannel(userId: string, companyId: string) {
  return `users/${userId}/companies/${companyId}/notifications`
}

/** Ids in lower case, as the database writes them: the broadcast names the channel with those */
const CHANNEL = /^users\/([0-9a-f-]{36})\/companies\/([0-9a-f-]{36})\/notifications$/

/** The user and company a channel name stands for; null when it is not a notification channel */
export function parseNotificationChannel(channel: string): NotificationChannelParams | null {
  const match = CHANNEL.exec(channel)
  if (!match || !UUID_V4.test(match[1]) || !UUID_V4.test(match[2])) return null
  return { userId: match[1], companyId: match[2] }
}

/**
 * The channel named `channel` (a name, or its parsed params) with the
 * membership LiveNotificationPolicy.subscribe reads; null when it is not a notification channel.
 * (The session behind the bearer token was checked by the guard: a
 * logged-out one never gets here.)
 */
export async function loadNotificationChannel(
  channel: string | NotificationChannelParams
): Promise<NotificationChannel | null> {
  const params = typeof channel === 'string' ? parseNotificationChannel(channel) : channel
  if (!params) return null
  const ownerIsMember = await CompanyMember.isMember(params.companyId, params.userId)
  return { ...params, ownerIsMember }
}
