import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import AppPolicy from '#policies/base_policy'

/** A notification channel (services/notifications/live_channel.ts loads it) */
export interface NotificationChannel {
  userId: string
  companyId: string
  /** The channel's user is a member of the channel's company */
  ownerIsMember: boolean
}

/** An open event stream (services/notifications/live_streams.ts finds it) */
export interface OpenStream {
  /** The session that bound it, null until an authenticated subscribe */
  sessionId: string | null
}

/**
 * Live notifications: whose channel a user may subscribe to, and
 * whose open event stream a session may change.
 */
export default class LiveNotificationPolicy extends AppPolicy {
  /**
   * Only the user's own notification channel, in a company it belongs to;
   * `channel` is null when the name is not a notification channel
   */
  subscribe(user: User, channel: NotificationChannel | null): AuthorizerResponse {
    if (!channel || channel.userId !== user.id) return this.deny('errors.channel_forbidden')
    return this.allowIf(channel.ownerIsMember, 'errors.not_company_member')
  }

  /** A stream belongs to the session that bound it first */
  useStream(_user: User, stream: OpenStream, sessionId: string): AuthorizerResponse {
    return this.allowIf(stream.sessionId === sessionId, 'errors.live_stream_other_session')
  }
}
