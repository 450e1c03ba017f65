import webhooksConfig from '#config/webhooks'
import { UnprocessableException } from '#exceptions/http_exceptions'
import {
  assertOutboundUrl,
  OutboundAddressRefused,
  type OutboundPolicy,
} from '#support/outbound_address'

/**
 * The check of a webhook URL on create/update: scheme and resolved
 * addresses (config/webhooks.ts flags), refused with a 422 naming why.
 * Resolved from the container, so a test swaps in its own policy instead
 * of changing the environment mid-suite.
 */
export default class WebhookUrlGuard {
  constructor(readonly policy: OutboundPolicy = webhooksConfig) {}

  async check(url: string) {
    try {
      await assertOutboundUrl(url, this.policy)
    } catch (error) {
      if (error instanceof OutboundAddressRefused) throw new UnprocessableException(error.message)
      throw error
    }
  }
}
