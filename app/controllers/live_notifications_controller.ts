import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import OpenLiveStream from '#actions/notifications/open_live_stream'
import SubscribeToLiveNotifications from '#actions/notifications/subscribe_to_live_notifications'
import UnsubscribeFromLiveNotifications from '#actions/notifications/unsubscribe_from_live_notifications'
import { liveStreamValidator, liveSubscriptionValidator } from '#validators/live_notification'

/** The caller's session and user (the routes behind the auth middleware) */
function ownerOf({ auth }: HttpContext) {
  const guard = auth.use('jwt')
  return { sessionId: guard.getSessionOrFail().id, userId: guard.getUserOrFail().id }
}

/**
 * Live notifications over server-sent events: the three routes of
 * the transmit client, in place of @adonisjs/transmit's own controllers
 * (which answer a missing uid with a 500 and a refusal with a bare 400).
 */
export default class LiveNotificationsController {
  /**
   * GET /__transmit/events?uid=: the event stream. The bearer token is
   * optional: a browser's EventSource cannot send one, so the stream
   * carries nothing until an authenticated subscribe binds it; a client
   * that sends one binds it at once (a bad one is a 401).
   */
  @inject()
  async events(ctx: HttpContext, open: OpenLiveStream) {
    const { uid } = await ctx.request.validateUsing(liveStreamValidator)
    let owner = null
    if (ctx.request.header('authorization')) {
      await ctx.auth.use('jwt').authenticate()
      owner = ownerOf(ctx)
    }
    const stream = await open.handle({ uid, owner, context: ctx })
    if (!stream) return
    return ctx.response.stream(stream)
  }

  /** POST /__transmit/subscribe {uid, channel} */
  @inject()
  async subscribe(ctx: HttpContext, subscribe: SubscribeToLiveNotifications) {
    const { uid, channel } = await ctx.request.validateUsing(liveSubscriptionValidator)
    const { sessionId } = ownerOf(ctx)
    await subscribe.handle({
      user: ctx.auth.getUserOrFail(),
      bouncer: ctx.bouncer,
      sessionId,
      uid,
      channel,
      context: ctx,
    })
    return ctx.response.noContent()
  }

  /** POST /__transmit/unsubscribe {uid, channel}: only on a stream of the caller's session */
  @inject()
  async unsubscribe(ctx: HttpContext, unsubscribe: UnsubscribeFromLiveNotifications) {
    const { uid, channel } = await ctx.request.validateUsing(liveSubscriptionValidator)
    await unsubscribe.handle({
      owner: ownerOf(ctx),
      bouncer: ctx.bouncer,
      uid,
      channel,
      context: ctx,
    })
    return ctx.response.noContent()
  }
}
