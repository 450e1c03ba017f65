import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import WorkEntry from '#models/work_entry'
import WriteWorkEntry, { type WorkEntryData } from '#actions/hours/write_work_entry'
import ContractPart from '#models/contract_part'
import { NotFoundException } from '#exceptions/http_exceptions'
import type CompanyMember from '#models/company_member'
import RecordWorkEntryWebhook from '#listeners/record_work_entry_webhook'

/**
 * B8 / POST /monitoring/entries: the provider logs a day on its active
 * link with the context (borrower) company.
 */
@inject()
export default class CreateWorkEntry {
  constructor(private writeEntry: WriteWorkEntry) {}

  async handle(membership: CompanyMember, data: WorkEntryData & { providerId?: string }) {
    return db.transaction(async (trx) => {
      const link = await ContractPart.activeProviderLink(membership, data.providerId, trx)
      if (!link) throw new NotFoundException('errors.no_active_contract_with_company')
      const entry = new WorkEntry()
      entry.fill({
        companyId: membership.companyId,
        contractPartId: link.id,
        userId: membership.userId,
      })
      entry.$setRelated('contractPart', link)
      const written = await this.writeEntry.handle(entry, data, trx)
      await new RecordWorkEntryWebhook().handle(trx, written, 'work_entry.created')
      return written
    })
  }
}
