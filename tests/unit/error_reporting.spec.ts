import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import HttpExceptionHandler from '#exceptions/handler'
import ServiceUnavailableException from '#exceptions/service_unavailable_exception'

/** What the handler reported, by level (a recording logger in the context) */
function recordingContext() {
  const calls: { level: string; args: unknown[] }[] = []
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      calls.push({ level, args })
  const logger = {
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
    isLevelEnabled: () => true,
  }
  const ctx = { logger, route: { pattern: '/api/v1/users/me/connect-provider' } }
  return { ctx: ctx as unknown as HttpContext, calls }
}

test.group('Exception handler / reporting', () => {
  test('a documented 503 (provider not configured) is a warning without a stack', async ({
    assert,
  }) => {
    const { ctx, calls } = recordingContext()
    const error = new ServiceUnavailableException('apple sign-in is not configured', {
      code: 'E_PROVIDER_UNAVAILABLE',
    })
    await new HttpExceptionHandler().report(error, ctx)
    assert.deepEqual(
      calls.map((call) => call.level),
      ['warn']
    )
    const [fields] = calls[0].args as [Record<string, unknown>]
    assert.notProperty(fields, 'err', 'no error object: no stack in the log')
    assert.equal(fields.code, 'E_PROVIDER_UNAVAILABLE')
  })
})
