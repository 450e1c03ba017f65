import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type {
  MailPayload,
  MessengerPayload,
  OutboxChannel,
  PasswordResetPayload,
} from '#models/delivery'
import { batchInsert } from '#support/batch_insert'
import { toJsonb } from '#support/jsonb'

export interface QueuedDelivery {
  channel: OutboxChannel
  payload: MailPayload | MessengerPayload | PasswordResetPayload
}

/**
 * Records deliveries in the caller's transaction with multi-row inserts
 * (1000 rows per statement): they exist only if the change that causes them commits, and
 * the worker (`node ace queue:work`) sends them. Returns their ids.
 */
export async function enqueueDeliveries(
  items: QueuedDelivery[],
  trx: TransactionClientContract
): Promise<string[]> {
  const rows = items.map((item) => ({ channel: item.channel, payload: toJsonb(item.payload) }))
  const inserted = await batchInsert<{ id: string }>(trx, 'deliveries', rows)
  return inserted.map((row) => row.id)
}
