import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type WorkEntry from '#models/work_entry'
import WorkEntryDto from '#dtos/work_entry_dto'
import { recordWebhookEvent } from '#services/webhooks/events'

/**
 * work_entry.* and retroactive_request.* go to the borrower company the
 * hours are logged with (`companyId` of the row): it receives what the
 * provider logs or asks and it decides the requests. `data` is the API's
 * DTO (tasks and contractPart preloaded, as for the answers).
 */
export default class RecordWorkEntryWebhook {
  handle(
    trx: TransactionClientContract,
    entry: WorkEntry,
    type: 'work_entry.created' | 'work_entry.updated' | 'work_entry.deleted'
  ) {
    return recordWebhookEvent(trx, {
      companyId: entry.companyId,
      type,
      data: WorkEntryDto.fromModel(entry),
    })
  }
}
