import env from '#start/env'
import type { MessengerPayload } from '#models/delivery'

export interface MessengerConfig {
  url?: string
  token?: string
}

/**
 * Outbound messenger bot: POST `{to, text}` as JSON to MESSENGER_URL with
 * `Authorization: Bearer MESSENGER_TOKEN`. Any non-2xx answer is an error
 * (the worker retries it).
 */
export class MessengerClient {
  constructor(
    private config: MessengerConfig = {
      url: env.get('MESSENGER_URL'),
      token: env.get('MESSENGER_TOKEN'),
    }
  ) {}

  get isConfigured() {
    return Boolean(this.config.url && this.config.token)
  }

  async send(payload: MessengerPayload) {
    if (!this.isConfigured) throw new Error('Messenger bot is not configured')
    const response = await fetch(this.config.url!, {
      method: 'POST',
      headers: {
        'authorization': `Bearer ${this.config.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ to: payload.to, text: payload.text }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) {
      throw new Error(`Messenger bot answered ${response.status}`)
    }
  }
}

/** The bot as configured by the environment, read when called */
export const messengerFromEnv = () => new MessengerClient()
