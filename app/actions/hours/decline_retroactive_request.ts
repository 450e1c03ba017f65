import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import Clock from '#services/platform/clock'
import type User from '#models/user'
import RetroactiveRequest from '#models/retroactive_request'
import type CompanyMember from '#models/company_member'
import RecordRetroactiveRequestWebhook from '#listeners/record_retroactive_request_webhook'

/**
 * Declining a pending retroactive request (borrower side) stores the
 * reason; the provider user is told (event in the transaction).
 */
@inject()
export default class DeclineRetroactiveRequest {
  constructor(private clock: Clock) {}

  async handle(membership: CompanyMember, reviewer: User, id: string, declineReason: string) {
    return db.transaction(async (trx) => {
      const request = await RetroactiveRequest.findPending(membership, id, trx)
      await request.decide(reviewer, this.clock.now(), { status: 'declined', declineReason }, trx)
      await emitter.emit('hours:retroactive_request_declined', {
        request,
        recipient: request.user,
        reviewer,
        trx,
      })
      await new RecordRetroactiveRequestWebhook().handle(
        trx,
        request,
        'retroactive_request.declined'
      )
      return request
    })
  }
}
