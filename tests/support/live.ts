import { Transmit } from '@adonisjs/transmit-client'

/**
 * A real server-sent events client for the tests. Node 24 has no
 * global EventSource (only behind --experimental-eventsource), so this is
 * the part of one the transmit client uses, over fetch: it reads the
 * `text/event-stream` body as it arrives and dispatches `open`, `message`
 * (the `data:` lines of each event) and `error` (refused, or the server
 * ended the stream). No reconnection: a test sees the stream end.
 */
export class FetchEventSource extends EventTarget {
  #abort = new AbortController()
  /** The HTTP status of the stream's response (0 until it answers) */
  status = 0
  /** Resolves when the stream is over (ended by the server, refused or closed) */
  readonly ended: Promise<void>

  constructor(url: string | URL, headers: Record<string, string> = {}) {
    super()
    this.ended = this.#run(url, headers)
  }

  async #run(url: string | URL, headers: Record<string, string>) {
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', ...headers },
        signal: this.#abort.signal,
      })
      this.status = response.status
      if (!response.ok || !response.body) {
        await response.body?.cancel()
        return void this.dispatchEvent(new Event('error'))
      }
      this.dispatchEvent(new Event('open'))
      const decoder = new TextDecoder()
      let buffer = ''
      let data: string[] = []
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true })
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          const line = buffer.slice(0, end).replace(/\r$/, '')
          buffer = buffer.slice(end + 1)
          if (line === '' && data.length) {
            this.dispatchEvent(new MessageEvent('message', { data: data.join('\n') }))
            data = []
          } else if (line.startsWith('data:')) {
            data.push(line.slice(5).replace(/^ /, ''))
          }
        }
      }
      this.dispatchEvent(new Event('error'))
    } catch {
      if (!this.#abort.signal.aborted) this.dispatchEvent(new Event('error'))
    }
  }

  close() {
    this.#abort.abort()
  }
}

/** A pushed notification as the channel carries it */
export interface LiveMessage {
  notification: Record<string, unknown> & { id: string; userId: string; companyId: string }
  unreadCount: number
}

/**
 * The browser setup of the README, in Node: `@adonisjs/transmit-client`
 * against `baseUrl` (`<server>/api/v1`), the bearer token on its
 * subscribe requests, and the stream through FetchEventSource.
 */
export function liveClient(baseUrl: string, token: string) {
  const sources: FetchEventSource[] = []
  const transmit = new Transmit({
    baseUrl,
    maxReconnectAttempts: 0,
    eventSourceFactory: (url) => {
      const source = new FetchEventSource(url)
      sources.push(source)
      return source as unknown as EventSource
    },
    beforeSubscribe: (request) => request.headers.set('authorization', `Bearer ${token}`),
    beforeUnsubscribe: (request) => request.headers.set('authorization', `Bearer ${token}`),
  })

  /** Subscribes to `channel` and collects what it receives */
  async function watch(channel: string) {
    const messages: LiveMessage[] = []
    const subscription = transmit.subscription(channel)
    subscription.onMessage<LiveMessage>((message) => messages.push(message))
    await subscription.create()
    return { subscription, messages }
  }

  return {
    transmit,
    watch,
    /** The stream's EventSource (the first: this client never reconnects) */
    get source() {
      return sources[0]
    },
    close: () => transmit.close(),
  }
}

/** Waits until `check` returns a value, polling every 10 ms; fails after timeoutMs */
export async function within<T>(
  timeoutMs: number,
  check: () => T | undefined,
  describe: () => string
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms: ${describe()}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
