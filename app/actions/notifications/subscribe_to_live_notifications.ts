import type { HttpContext } from '@adonisjs/core/http'
import transmit from '@adonisjs/transmit/services/main'
import type User from '#models/user'
import { BadRequestException, ForbiddenException } from '#exceptions/http_exceptions'
import { channelRefusal, parseNotificationChannel } from '#services/notifications/live_channel'

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
 * event stream. Only the user's own channel in a company it belongs to
 * (403 with the reason otherwise: transmit alone would answer a bare
 * 400); 400 when no stream is open with that uid in this process.
 */
export default class SubscribeToLiveNotifications {
  async handle({ user, uid, channel, context }: Subscription) {
    const params = parseNotificationChannel(channel)
    if (!params) throw new ForbiddenException('You may not subscribe to this channel')
    const refusal = await channelRefusal(user, params)
    if (refusal) throw new ForbiddenException(refusal)
    /** Checked just above, with the reason (transmit.authorize would only say no) */
    const subscribed = await transmit.subscribe({ uid, channel, context, skipAuthorization: true })
    if (!subscribed) throw new BadRequestException('No event stream is open with this uid')
  }
}
