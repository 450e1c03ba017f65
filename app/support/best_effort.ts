import logger from '@adonisjs/core/services/logger'

/**
 * Awaits work whose failure must not change the answer (cleanup after
 * the change committed): a failure is logged with `context` and dropped.
 */
export async function bestEffort(
  work: Promise<unknown>,
  context: Record<string, unknown>,
  message: string
) {
  await work.catch((error) => logger.warn({ err: error, ...context }, message))
}
