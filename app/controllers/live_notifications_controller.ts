import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import transmit from '@adonisjs/transmit/services/main'
import SubscribeToLiveNotifications from '#actions/notifications/subscribe_to_live_notifications'
import { applyEverywhere } from '#services/notifications/live_streams'
import { liveStreamValidator, liveSubscriptionValidator } from '#validators/live_notification'

/**
 * Live notifications over server-sent events (#16): the three routes of
 * the transmit client, in place of @adonisjs/transmit's own controllers
 * (which answer a missing uid with a 500 and a refusal with a bare 400).
 */
export default class LiveNotificationsController {
  /**
   * GET /__transmit/events?uid=: the event stream. No bearer token: a
   * browser's EventSource cannot send one, so the stream carries nothing
   * until an authenticated subscribe adds a channel to it.
   */
  async events(ctx: HttpContext) {
    const { uid } = await ctx.request.validateUsing(liveStreamValidator)
    const stream = transmit.createStream({
      uid,
      context: ctx,
      request: ctx.request.request,
      response: ctx.response.response,
      injectResponseHeaders: ctx.response.getHeaders(),
    })
    return ctx.response.stream(stream)
  }

  /** POST /__transmit/subscribe {uid, channel} */
  @inject()
  async subscribe(ctx: HttpContext, subscribe: SubscribeToLiveNotifications) {
    const { uid, channel } = await ctx.request.validateUsing(liveSubscriptionValidator)
    await subscribe.handle({ user: ctx.auth.getUserOrFail(), uid, channel, context: ctx })
    return ctx.response.noContent()
  }

  /** POST /__transmit/unsubscribe {uid, channel}: the uid is the proof (no channel rule to leave one) */
  async unsubscribe(ctx: HttpContext) {
    const { uid, channel } = await ctx.request.validateUsing(liveSubscriptionValidator)
    await applyEverywhere({ op: 'unsubscribe', uid, channel }, ctx)
    return ctx.response.noContent()
  }
}
