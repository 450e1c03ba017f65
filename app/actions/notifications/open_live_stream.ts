import type { HttpContext } from '@adonisjs/core/http'
import { openStream, type StreamOwner } from '#services/notifications/live_streams'

interface Opening {
  uid: string
  /** The session of a bearer token sent with the stream request, if any */
  owner: StreamOwner | null
  context: HttpContext
}

/**
 * GET /__transmit/events: opens the event stream `uid`. A uid that is
 * open on any instance is refused (409) and the open stream keeps it: a
 * second opener can neither replace nor share it. Null when the client
 * left before its stream was made.
 */
export default class OpenLiveStream {
  handle({ uid, owner, context }: Opening) {
    return openStream(context, uid, owner)
  }
}
