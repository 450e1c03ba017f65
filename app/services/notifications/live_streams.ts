import transmit from '@adonisjs/transmit/services/main'

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

/**
 * Ends every open event stream (graceful shutdown): an SSE response never
 * finishes by itself, so the HTTP server's close would otherwise wait for
 * the grace period to cut them. Clients reconnect to another instance.
 */
export function closeLiveStreams() {
  for (const stream of transmit.getManager().getAllSubscribers().keys()) stream.end()
}
