import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import RetroactiveRequest from '#models/retroactive_request'
import WorkEntry from '#models/work_entry'
import CompanyMember from '#models/company_member'
import type User from '#models/user'
import ContractPart from '#models/contract_part'
import type { WorkEntryData } from '#actions/hours/write_work_entry'
import {
  ConflictException,
  NotFoundException,
  UnprocessableException,
} from '#exceptions/http_exceptions'
import { MAX_DAY_MINUTES } from '#support/hours'
import RecordRetroactiveRequestWebhook from '#listeners/record_retroactive_request_webhook'

type Params = WorkEntryData & { reason: string; providerId?: string }

/**
 * B9 / POST /monitoring/retroactive-requests: a provider asks to log a
 * past day. Refused when the day already has an entry or a pending
 * request on the link (409) or the tasks exceed 24 hours (422). The
 * borrower's owners and admins are told (event in the transaction).
 */
export default class CreateRetroactiveRequest {
  async handle(membership: CompanyMember, provider: User, params: Params) {
    const total = params.tasks.reduce((sum, task) => sum + task.durationMinutes, 0)
    if (total > MAX_DAY_MINUTES) {
      throw new UnprocessableException('errors.day_over_24h')
    }

    return db.transaction(async (trx) => {
      const link = await ContractPart.activeProviderLink(membership, params.providerId, trx)
      if (!link) throw new NotFoundException('errors.no_active_contract_with_company')

      const entry = await WorkEntry.query({ client: trx })
        .where({ contract_part_id: link.id, date: params.date })
        .first()
      const pending = await RetroactiveRequest.query({ client: trx })
        .where({ contract_part_id: link.id, date: params.date, status: 'pending' })
        .first()
      if (entry || pending) {
        throw new ConflictException('errors.day_taken')
      }

      const request = await RetroactiveRequest.create(
        {
          companyId: membership.companyId,
          contractPartId: link.id,
          userId: provider.id,
          date: DateTime.fromISO(params.date),
          reason: params.reason,
          tasks: params.tasks.map(({ description, durationMinutes }) => ({
            description,
            durationMinutes,
          })),
          totalMinutes: total,
          capturedAt: params.capturedAt
            ? DateTime.fromISO(params.capturedAt, { zone: 'utc' })
            : null,
          latitude: params.latitude ?? null,
          longitude: params.longitude ?? null,
          locationAccuracy: params.locationAccuracy ?? null,
          status: 'pending',
        },
        { client: trx }
      )
      request.$setRelated('contractPart', link)

      const admins = await CompanyMember.query({ client: trx })
        .where('company_id', membership.companyId)
        .whereIn('role', ['owner', 'admin'])
        .preload('user')
      await emitter.emit('hours:retroactive_request_created', {
        request,
        provider,
        recipients: admins.map((admin) => admin.user),
        trx,
      })
      await new RecordRetroactiveRequestWebhook().handle(
        trx,
        request,
        'retroactive_request.created'
      )
      return request
    })
  }
}
