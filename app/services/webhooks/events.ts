import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { WebhookEventType } from '#enums/webhook_events'
import { toJsonb } from '#support/jsonb'
import { nowUtc } from '#services/platform/clock'
import { asPreparedStatement } from '#support/prepared_statement'

export interface WebhookEventInput {
  companyId: string
  type: Exclude<WebhookEventType, 'ping'>
  /** The spec's DTO of the entity, as the API returns it */
  data: unknown
  occurredAt?: Date
}

/**
 * Records a webhook event in the caller's transaction (so a rolled-back
 * change sends nothing) with one delivery per active endpoint of the
 * company subscribed to its type or to `*`. One statement: the event row
 * is written only when some endpoint listens (companies without webhooks
 * store nothing), and the fan-out is an INSERT ... SELECT. `webhook_seq`
 * (a sequence) gives each endpoint's deliveries the order of the events.
 * Returns the event id, or null when no endpoint listens. A prepared
 * statement (its plan, by the company's endpoints, never depends on the
 * values): planned on each run, it cost 0.12 ms of planning for 0.01 of
 * running on every hours entry.
 */
export async function recordWebhookEvent(
  trx: TransactionClientContract,
  { companyId, type, data, occurredAt = nowUtc().toJSDate() }: WebhookEventInput
): Promise<string | null> {
  const { rows } = await asPreparedStatement(
    trx.rawQuery(
      `WITH targets AS (
       SELECT id FROM webhook_endpoints
        WHERE company_id = :companyId AND is_active AND events && ARRAY[:type, '*']::text[]
     ), event AS (
       INSERT INTO webhook_events (company_id, type, payload, occurred_at)
       SELECT :companyId, :type, :data::jsonb, :occurredAt WHERE EXISTS (SELECT 1 FROM targets)
       RETURNING id
     ), fanned AS (
       INSERT INTO deliveries (channel, payload, webhook_endpoint_id, webhook_event_id, webhook_seq)
       SELECT 'webhook', '{}'::jsonb, targets.id, event.id, nextval('deliveries_webhook_seq')
         FROM targets CROSS JOIN event
     )
     SELECT id FROM event`,
      { companyId, type, data: JSON.stringify(data ?? null), occurredAt }
    )
  )
  return rows[0]?.id ?? null
}

/** Queues one delivery of a recorded event to one endpoint (test ping, redeliver) */
export async function enqueueWebhookDelivery(
  trx: TransactionClientContract,
  endpointId: string,
  eventId: string
): Promise<string> {
  const { rows } = await trx.rawQuery(
    `INSERT INTO deliveries (channel, payload, webhook_endpoint_id, webhook_event_id, webhook_seq)
     VALUES ('webhook', '{}'::jsonb, ?, ?, nextval('deliveries_webhook_seq'))
     RETURNING id`,
    [endpointId, eventId]
  )
  return rows[0].id
}

/** POST /webhooks/:id/test: a `ping` event of the company, queued for that endpoint only */
export async function recordPing(
  trx: TransactionClientContract,
  endpoint: { id: string; companyId: string },
  occurredAt = nowUtc().toJSDate()
) {
  const [event] = await trx
    .insertQuery()
    .table('webhook_events')
    .insert({
      company_id: endpoint.companyId,
      type: 'ping',
      payload: toJsonb({ webhookId: endpoint.id }),
      occurred_at: occurredAt,
    })
    .returning('id')
  const eventId = typeof event === 'string' ? event : event.id
  return { eventId, deliveryId: await enqueueWebhookDelivery(trx, endpoint.id, eventId) }
}
