import type { HttpContext } from '@adonisjs/core/http'
import LiveNotificationPolicy from '#policies/live_notification_policy'
import type { RequestBouncer } from '#policies/base_policy'
import {
  applyEverywhere,
  findOpenStream,
  type StreamOwner,
} from '#services/notifications/live_streams'

interface Unsubscription {
  owner: StreamOwner
  bouncer: RequestBouncer
  uid: string
  channel: string
  context: HttpContext
}

/**
 * POST /__transmit/unsubscribe: removes a channel from a stream the
 * caller's session owns (403 for another session's, 404 for no open stream).
 */
export default class UnsubscribeFromLiveNotifications {
  async handle({ owner, bouncer, uid, channel, context }: Unsubscription) {
    const stream = await findOpenStream(uid)
    await bouncer.with(LiveNotificationPolicy).authorize('useStream', stream, owner.sessionId)
    await applyEverywhere({ op: 'unsubscribe', uid, channel }, context)
  }
}
