import webhooksConfig from '#config/webhooks'

/**
 * Webhook retries: the configured delays (about 1 min, 5 min,
 * 30 min, 2 h, 12 h; WEBHOOK_RETRY_SECONDS in tests), each ± 20 % at
 * random so that the retries of many endpoints do not arrive together;
 * the failure after the last delay is `dead`.
 */
export const webhookMaxAttempts = () => webhooksConfig.retrySeconds.length + 1

export function webhookRetryDelaySeconds(failedAttempts: number, random = Math.random) {
  const delays = webhooksConfig.retrySeconds
  const base = delays[Math.min(failedAttempts, delays.length) - 1] ?? delays[0] ?? 0
  return base * (1 + webhooksConfig.jitter * (2 * random() - 1))
}
