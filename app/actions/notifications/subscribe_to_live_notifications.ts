import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import LiveNotificationPolicy from '#policies/live_notification_policy'
import type { RequestBouncer } from '#policies/base_policy'
import { loadNotificationChannel } from '#services/notifications/live_channel'
import { applyEverywhere, bindStream, findOpenStream } from '#services/notifications/live_streams'

interface Subscription {
  user: User
  bouncer: RequestBouncer
  /** The session of the bearer token: the stream becomes (or must be) its own */
  sessionId: string
  /** The event stream's id (GET /__transmit/events?uid=) */
  uid: string
  channel: string
  /** The request, handed to transmit's subscribe hooks */
  context: HttpContext
}

/**
 * POST /__transmit/subscribe: adds a notification channel to an open
 * event stream, on whichever API instance holds it. Only the user's own
 * channel in a company it belongs to: 403 with the reason otherwise
 * (transmit alone would answer a bare 400). The first subscribe binds the
 * stream to the caller's session; one from another session is refused
 * (403), and so is a uid with no open stream (404). The stream then ends
 * with that session or that membership (live_streams.ts).
 */
export default class SubscribeToLiveNotifications {
  async handle({ user, bouncer, sessionId, uid, channel, context }: Subscription) {
    const policy = bouncer.with(LiveNotificationPolicy)
    await policy.authorize('subscribe', await loadNotificationChannel(channel))
    if (!(await bindStream(uid, { sessionId, userId: user.id }))) {
      await policy.authorize('useStream', await findOpenStream(uid), sessionId)
    }
    await applyEverywhere({ op: 'subscribe', uid, channel, sessionId }, context)
  }
}
