import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type { ContractWorld } from '#tests/support/contracts'
import { as } from '#tests/support/http'

/** A `*` endpoint of the world's company; returns its id */
export async function subscribeAll(client: ApiClient, world: ContractWorld, url: string) {
  const response = await as(client, world.owner, world.company)
    .post('/webhooks')
    .json({ url, events: ['*'] })
  response.assertStatus(201)
  return response.body().data.id as string
}

/** The events queued for the endpoint, in delivery order: [type, data] */
export async function queuedWebhooks(endpointId: string) {
  const rows = await db
    .from('deliveries')
    .join('webhook_events', 'webhook_events.id', 'deliveries.webhook_event_id')
    .where('deliveries.webhook_endpoint_id', endpointId)
    .orderBy('deliveries.webhook_seq')
    .select('webhook_events.type', 'webhook_events.payload')
  return rows.map((row) => [row.type, row.payload] as [string, any])
}
