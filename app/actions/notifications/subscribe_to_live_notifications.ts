import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { ForbiddenException } from '#exceptions/http_exceptions'
import { channelRefusal, parseNotificationChannel } from '#services/notifications/live_channel'
import { applyEverywhere } from '#services/notifications/live_streams'

interface Subscription {
  user: User
  /** The event stream's id (GET /__transmit/events?uid=) */
  uid: string
  channel: string
  /** The request, handed to transmit's subscribe hooks */
  context: HttpContext
}

/**
 * POST /__transmit/subscribe (#16): adds a notification channel to an open
 * event stream, on whichever API instance holds it. Only the user's own
 * channel in a company it belongs to: 403 with the reason otherwise
 * (transmit alone would answer a bare 400).
 */
export default class SubscribeToLiveNotifications {
  async handle({ user, uid, channel, context }: Subscription) {
    const params = parseNotificationChannel(channel)
    if (!params) throw new ForbiddenException('errors.channel_forbidden')
    const refusal = await channelRefusal(user, params)
    if (refusal) throw new ForbiddenException(refusal)
    await applyEverywhere({ op: 'subscribe', uid, channel }, context)
  }
}
