import type { HttpContext } from '@adonisjs/core/http'
import {
  applyEverywhere,
  assertOwnStream,
  type StreamOwner,
} from '#services/notifications/live_streams'

interface Unsubscription {
  owner: StreamOwner
  uid: string
  channel: string
  context: HttpContext
}

/**
 * POST /__transmit/unsubscribe (#16): removes a channel from a stream the
 * caller's session owns (403 for another session's, 404 for no open stream).
 */
export default class UnsubscribeFromLiveNotifications {
  async handle({ owner, uid, channel, context }: Unsubscription) {
    await assertOwnStream(uid, owner.sessionId)
    await applyEverywhere({ op: 'unsubscribe', uid, channel }, context)
  }
}
