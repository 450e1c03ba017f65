import { createHash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import Clock from '#services/platform/clock'
import { idempotencyStore } from '#services/platform/idempotency'

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/**
 * `Idempotency-Key` on POST and PATCH of an authenticated caller: the
 * first success (2xx) is stored per caller and key for 24 h; a retry with
 * the same request gets it again without running it (with
 * `Idempotent-Replayed: true`), the same key with another request is 422,
 * and a retry while the first still runs is 409. A first request that
 * fails (4xx/5xx: its action's transaction wrote nothing) frees the key,
 * so the client may fix the request and send it again under the same key.
 */
export default class IdempotencyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const method = ctx.request.method()
    const key = ctx.request.header('idempotency-key')
    if ((method !== 'POST' && method !== 'PATCH') || key === undefined) return next()
    if (!KEY_PATTERN.test(key)) {
      throw new UnprocessableException('errors.idempotency_key_invalid')
    }
    /* The caller is who the key belongs to; an anonymous request runs as usual */
    if (!(await ctx.auth.check())) return next()
    const guard = ctx.auth.use('jwt')
    const caller = guard.apiKey ? `k:${guard.apiKey.key.id}` : `u:${guard.user!.id}`

    const clock = await app.container.make(Clock)
    const now = clock.now()
    const requestHash = fingerprint(ctx)
    const stored = await idempotencyStore.claim(caller, key, requestHash, now)
    if (stored) return replay(ctx, stored, requestHash)

    try {
      await next()
    } catch (error) {
      await idempotencyStore.release(caller, key)
      throw error
    }
    const status = ctx.response.getStatus()
    if (status < 200 || status >= 300) return idempotencyStore.release(caller, key)
    const sent = ctx.response.getBody()
    /* A JSON text sent as its bytes (sendJsonText) is stored as text */
    const body = Buffer.isBuffer(sent) ? sent.toString() : sent
    const json = body !== null && body !== undefined && typeof body !== 'string'
    await idempotencyStore.complete(caller, key, {
      status,
      body: body === null || body === undefined ? null : json ? JSON.stringify(body) : body,
      contentType:
        (ctx.response.getHeader('content-type') as string | undefined) ??
        (json ? 'application/json; charset=utf-8' : null),
    })
  }
}

/** The request a key stands for: method, path and query, company and body */
function fingerprint({ request }: HttpContext) {
  const body = request.raw() ?? JSON.stringify(request.all())
  return createHash('sha256')
    .update(`${request.method()} ${request.url(true)}\n${request.header('x-company-id') ?? ''}\n`)
    .update(body)
    .digest('hex')
}

function replay(
  { response }: HttpContext,
  stored: {
    requestHash: string
    status: number | null
    body: string | null
    contentType: string | null
  },
  requestHash: string
) {
  if (stored.requestHash !== requestHash) {
    throw new UnprocessableException('errors.idempotency_key_reused')
  }
  if (stored.status === null) {
    throw new ConflictException('errors.idempotency_key_in_progress')
  }
  response.header('Idempotent-Replayed', 'true')
  if (stored.contentType) response.header('content-type', stored.contentType)
  response.status(stored.status)
  response.send(stored.body ?? '')
}
