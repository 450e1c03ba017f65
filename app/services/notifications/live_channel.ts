import CompanyMember from '#models/company_member'
import type User from '#models/user'
import { UUID_V4 } from '#support/uuid'

/**
 * The transmit channel of a user's notifications in a company (#16), as
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
 * Why `user` may not subscribe to the notification channel of `params`,
 * or null when it may: only the user itself, while a member of the
 * company. (The session behind the bearer token was checked by the guard:
 * a logged-out one never gets here.)
 */
export async function channelRefusal(
  user: Pick<User, 'id'> | undefined,
  params: NotificationChannelParams
): Promise<string | null> {
  if (!user || user.id !== params.userId) return 'errors.channel_forbidden'
  if (!(await CompanyMember.isMember(params.companyId, params.userId))) {
    return 'errors.not_company_member'
  }
  return null
}
