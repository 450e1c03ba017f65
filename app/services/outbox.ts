import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MailPayload, MessengerPayload, OutboxChannel } from '#models/delivery'
import { toJsonb } from '#support/jsonb'

export interface QueuedDelivery {
  channel: OutboxChannel
  payload: MailPayload | MessengerPayload
}

/**
 * Records deliveries in the caller's transaction with one multi-row
 * insert: they exist only if the change that causes them commits, and
 * the worker (`node ace queue:work`) sends them. Returns their ids.
 */
export async function enqueueDeliveries(
  items: QueuedDelivery[],
  trx: TransactionClientContract
): Promise<string[]> {
  if (items.length === 0) return []
  const rows = await trx
    .insertQuery()
    .table('deliveries')
    .multiInsert(items.map((item) => ({ channel: item.channel, payload: toJsonb(item.payload) })))
    .returning('id')
  return rows.map((row: { id: string }) => row.id)
}

/** Queues one messenger message `{to: phone, text}`; returns its id */
export async function enqueueMessenger(payload: MessengerPayload, trx: TransactionClientContract) {
  const [id] = await enqueueDeliveries([{ channel: 'messenger', payload }], trx)
  return id
}
