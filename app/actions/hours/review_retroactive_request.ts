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
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  recordRetroactiveRequestWebhook,
  recordWorkEntryWebhook,
} from '#actions/webhooks/hours_webhooks'

/**
 * Approve / decline of a pending retroactive request (borrower side).
 * Approving creates the work entry (the day rules apply) and marks the
 * request `approved` in one transaction; declining stores the reason.
 * Either way the provider user is told (event in the transaction).
 */
@inject()
export default class ReviewRetroactiveRequest {
  constructor(
    private clock: Clock,
    private writeEntry: WriteWorkEntry
  ) {}

  async approve(membership: CompanyMember, reviewer: User, id: string) {
    return db.transaction(async (trx) => {
      const request = await this.pending(membership, id, trx)
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
      await this.close(request, reviewer, { status: 'approved', workEntryId: entry.id }, trx)
      await emitter.emit('hours:retroactive_request_approved', {
        request,
        entry,
        recipient: request.user,
        reviewer,
        trx,
      })
      /** The approval logs the day: receivers tracking entries see it like any other */
      await recordWorkEntryWebhook(trx, entry, 'work_entry.created')
      await recordRetroactiveRequestWebhook(trx, request, 'retroactive_request.approved')
      return request
    })
  }

  async decline(membership: CompanyMember, reviewer: User, id: string, declineReason: string) {
    return db.transaction(async (trx) => {
      const request = await this.pending(membership, id, trx)
      await this.close(request, reviewer, { status: 'declined', declineReason }, trx)
      await emitter.emit('hours:retroactive_request_declined', {
        request,
        recipient: request.user,
        reviewer,
        trx,
      })
      await recordRetroactiveRequestWebhook(trx, request, 'retroactive_request.declined')
      return request
    })
  }

  private async pending(membership: CompanyMember, id: string, trx: TransactionClientContract) {
    const request = await RetroactiveRequest.findVisible(membership, id, trx)
    if (request.status !== 'pending') {
      throw new ConflictException('errors.request_already_decided', {
        data: { status: request.status },
      })
    }
    await request.load((loader) => loader.load('user').load('contractPart'))
    return request
  }

  private async close(
    request: RetroactiveRequest,
    reviewer: User,
    changes: Partial<Pick<RetroactiveRequest, 'status' | 'workEntryId' | 'declineReason'>>,
    trx: TransactionClientContract
  ) {
    request.useTransaction(trx)
    await request
      .merge({ ...changes, reviewedBy: reviewer.id, reviewedAt: this.clock.now() })
      .save()
  }
}
