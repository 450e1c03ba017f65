import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import { LIVE_SUBSCRIPTIONS, type SubscriptionChange } from '#services/notifications/live_listener'

/**
 * The channels that have at least one open stream in THIS process: the
 * listener pushes only to those, so a notification nobody watches here
 * costs no query. One pass over the streams per burst (transmit's
 * `getSubscribersFor` would scan them once per channel).
 */
export function liveChannels(): Set<string> {
  const channels = new Set<string>()
  for (const subscribed of transmit.getManager().getAllSubscribers().values()) {
    for (const channel of subscribed) channels.add(channel)
  }
  return channels
}

function hasStream(uid: string) {
  for (const stream of transmit.getManager().getAllSubscribers().keys()) {
    if (stream.getUid() === uid) return true
  }
  return false
}

/**
 * Applies an already authorised change to the stream `uid` if it is open
 * in this process; false when it is not.
 */
export async function applyHere(change: SubscriptionChange, context?: HttpContext) {
  if (!hasStream(change.uid)) return false
  /** No request when relayed: transmit only hands the context to its (unused) hooks */
  const params = { uid: change.uid, channel: change.channel, context: context! }
  if (change.op === 'subscribe') {
    return transmit.subscribe({ ...params, skipAuthorization: true })
  }
  return transmit.unsubscribe(params)
}

/**
 * Applies an authorised change wherever the stream is: here, or else on
 * the instance that holds it, through PostgreSQL (every API instance
 * LISTENs `live_subscriptions`; the one with the uid applies it). So a
 * load balancer may send the subscribe request to any instance.
 */
export async function applyEverywhere(change: SubscriptionChange, context: HttpContext) {
  if (await applyHere(change, context)) return
  await db.rawQuery('SELECT pg_notify(?, ?)', [LIVE_SUBSCRIPTIONS, JSON.stringify(change)])
}

/**
 * Ends every open event stream (graceful shutdown): an SSE response never
 * finishes by itself, so the HTTP server's close would otherwise wait for
 * the grace period to cut them. Clients reconnect to another instance.
 */
export function closeLiveStreams() {
  for (const stream of transmit.getManager().getAllSubscribers().keys()) stream.end()
}
