import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type WorkEntry from '#models/work_entry'
import type RetroactiveRequest from '#models/retroactive_request'
import WorkEntryDto from '#dtos/work_entry_dto'
import RetroactiveRequestDto from '#dtos/retroactive_request_dto'
import { recordWebhookEvent } from '#services/webhooks/events'

/**
 * work_entry.* and retroactive_request.* go to the borrower company the
 * hours are logged with (`companyId` of the row): it receives what the
 * provider logs or asks and it decides the requests. `data` is the API's
 * DTO (tasks and contractPart preloaded, as for the answers).
 */
export function recordWorkEntryWebhook(
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

export function recordRetroactiveRequestWebhook(
  trx: TransactionClientContract,
  request: RetroactiveRequest,
  type:
    'retroactive_request.created' | 'retroactive_request.approved' | 'retroactive_request.declined'
) {
  return recordWebhookEvent(trx, {
    companyId: request.companyId,
    type,
    data: RetroactiveRequestDto.fromModel(request),
  })
}
