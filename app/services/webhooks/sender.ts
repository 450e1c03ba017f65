import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import db from '@adonisjs/lucid/services/db'
import webhooksConfig from '#config/webhooks'
import { openWebhookSecret } from '#services/webhooks/secrets'
import {
  assertOutboundUrl,
  guardedLookup,
  OutboundAddressRefused,
  type OutboundPolicy,
} from '#support/outbound_address'
import { webhookSignature } from '#support/webhook_signature'
import { i18nFor, translator } from '#support/i18n'
import { nowUtc } from '#services/platform/clock'

/** What one attempt came to; the worker turns it into the delivery's state */
export type WebhookAttempt =
  | { outcome: 'sent'; responseStatus: number }
  | { outcome: 'failed'; responseStatus: number | null; error: string }
  /** Never to be sent: the endpoint was switched off (or the event is gone) */
  | { outcome: 'skipped'; error: string }

export interface WebhookSendOptions {
  policy?: OutboundPolicy
  timeoutMs?: number
}

interface Target {
  url: string
  secret: string
  is_active: boolean
  event_id: string
  type: string
  company_id: string
  occurred_at: Date
  data: unknown
}

/** The JSON body receivers get: the event, the same on every attempt */
export function webhookBody(target: Omit<Target, 'url' | 'secret' | 'is_active'>) {
  return JSON.stringify({
    id: target.event_id,
    type: target.type,
    companyId: target.company_id,
    occurredAt: target.occurred_at.toISOString(),
    data: target.data,
  })
}

/**
 * One attempt of a webhook delivery: POST of the signed event to the
 * endpoint's URL, the address guard checked again (scheme, and every
 * address connected to), 10 s for the whole exchange, at most 4 KB of the
 * answer read, redirects not followed (a 3xx is a failure). Any 2xx is
 * delivered. Never throws for the endpoint's faults: they are the attempt's
 * error.
 */
export async function sendWebhook(
  deliveryId: string,
  { policy = webhooksConfig, timeoutMs = webhooksConfig.timeoutMs }: WebhookSendOptions = {}
): Promise<WebhookAttempt> {
  const { rows } = await db.rawQuery<{ rows: Target[] }>(
    `SELECT w.url, w.secret, w.is_active, e.id AS event_id, e.type, e.company_id,
            e.occurred_at, e.payload AS data
       FROM deliveries d
       JOIN webhook_endpoints w ON w.id = d.webhook_endpoint_id
       JOIN webhook_events e ON e.id = d.webhook_event_id
      WHERE d.id = ?`,
    [deliveryId]
  )
  const target = rows[0]
  if (!target) return { outcome: 'skipped', error: 'webhook endpoint or event deleted' }
  if (!target.is_active) return { outcome: 'skipped', error: 'webhook endpoint disabled' }

  try {
    await assertOutboundUrl(target.url, policy)
  } catch (error) {
    if (error instanceof OutboundAddressRefused) {
      return { outcome: 'failed', responseStatus: null, error: refusal(error) }
    }
    throw error
  }

  const body = webhookBody(target)
  const timestamp = Math.floor(nowUtc().toSeconds())
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'contract-management-webhooks/1',
    'x-webhook-id': deliveryId,
    'x-webhook-event': target.type,
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-signature': webhookSignature(openWebhookSecret(target.secret), timestamp, body),
  }
  try {
    const { status, text } = await post(target.url, headers, body, policy, timeoutMs)
    if (status >= 200 && status < 300) return { outcome: 'sent', responseStatus: status }
    const detail = text.trim().slice(0, 200)
    return {
      outcome: 'failed',
      responseStatus: status,
      error: `HTTP ${status}${detail ? `: ${detail}` : ''}`,
    }
  } catch (error) {
    const message = (error as Error)?.message ?? String(error)
    const refused = error instanceof OutboundAddressRefused
    return {
      outcome: 'failed',
      responseStatus: null,
      error: refused ? refusal(error as OutboundAddressRefused) : message,
    }
  }
}

/** POST with node:http(s): no redirect following, guarded lookup, bounded time and body */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: OutboundPolicy,
  timeoutMs: number
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest
    const request = send(url, { method: 'POST', headers, lookup: guardedLookup(policy) as never })
    const timer = setTimeout(
      () => request.destroy(new Error(`timed out after ${timeoutMs / 1000} s`)),
      timeoutMs
    )
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = []
      let size = 0
      const finish = () => {
        clearTimeout(timer)
        response.destroy()
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') })
      }
      response.on('data', (chunk: Buffer) => {
        const room = webhooksConfig.maxResponseBytes - size
        if (room > 0) chunks.push(chunk.subarray(0, room))
        size += chunk.length
        /** Enough read: the rest of the answer is not waited for */
        if (size >= webhooksConfig.maxResponseBytes) finish()
      })
      response.on('end', finish)
      response.on('error', finish)
    })
    request.end(body)
  })
}

/** A refusal as the attempt records it: in English, for whoever operates the endpoint */
const refusal = (error: OutboundAddressRefused) =>
  `refused: ${translator(i18nFor('en'))(error.message)}`
