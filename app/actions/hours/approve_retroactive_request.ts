import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import Clock from '#services/platform/clock'
import WorkEntry from '#models/work_entry'
import User from '#models/user'
import WriteWorkEntry from '#actions/hours/write_work_entry'
import RetroactiveRequest from '#models/retroactive_request'
import { ConflictException } from '#exceptions/http_exceptions'
import type CompanyMember from '#models/company_member'
import RecordRetroactiveRequestWebhook from '#listeners/record_retroactive_request_webhook'
import RecordWorkEntryWebhook from '#listeners/record_work_entry_webhook'

/**
 * Approving a pending retroactive request (borrower side) creates the work
 * entry (the day rules apply) and marks the request `approved` in one
 * transaction; the provider user is told (event in the transaction).
 */
@inject()
export default class ApproveRetroactiveRequest {
  constructor(
    private clock: Clock,
    private writeEntry: WriteWorkEntry
  ) {}

  async handle(membership: CompanyMember, reviewer: User, id: string) {
    return db.transaction(async (trx) => {
      const request = await RetroactiveRequest.findPending(membership, id, trx)
      if (!request.contractPartId) throw new ConflictException('errors.request_link_removed')

      const entry = new WorkEntry()
      entry.fill({
        companyId: request.companyId,
        contractPartId: request.contractPartId,
        userId: request.userId,
      })
      await this.writeEntry.handle(
        entry,
        {
          date: request.date.toISODate()!,
          reason: request.reason,
          tasks: request.tasks,
          capturedAt: request.capturedAt?.toUTC().toISO() ?? null,
          latitude: request.latitude,
          longitude: request.longitude,
          locationAccuracy: request.locationAccuracy,
        },
        trx
      )
      await request.decide(
        reviewer,
        this.clock.now(),
        { status: 'approved', workEntryId: entry.id },
        trx
      )
      await emitter.emit('hours:retroactive_request_approved', {
        request,
        entry,
        recipient: request.user,
        reviewer,
        trx,
      })
      /** The approval logs the day: receivers tracking entries see it like any other */
      await new RecordWorkEntryWebhook().handle(trx, entry, 'work_entry.created')
      await new RecordRetroactiveRequestWebhook().handle(
        trx,
        request,
        'retroactive_request.approved'
      )
      return request
    })
  }
}
