import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type RetroactiveRequest from '#models/retroactive_request'
import RetroactiveRequestDto from '#dtos/retroactive_request_dto'
import { recordWebhookEvent } from '#services/webhooks/events'

/**
 * retroactive_request.* go to the borrower company the hours are logged
 * with (`companyId` of the row), which decides the requests; `data` is
 * the API's DTO.
 */
export default class RecordRetroactiveRequestWebhook {
  handle(
    trx: TransactionClientContract,
    request: RetroactiveRequest,
    type:
      | 'retroactive_request.created'
      | 'retroactive_request.approved'
      | 'retroactive_request.declined'
  ) {
    return recordWebhookEvent(trx, {
      companyId: request.companyId,
      type,
      data: RetroactiveRequestDto.fromModel(request),
    })
  }
}
