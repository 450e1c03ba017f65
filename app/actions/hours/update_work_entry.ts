import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import AssertEntryEditable from '#actions/hours/assert_entry_editable'
import WorkEntry from '#models/work_entry'
import WriteWorkEntry, { type WorkEntryData } from '#actions/hours/write_work_entry'
import type CompanyMember from '#models/company_member'
import RecordWorkEntryWebhook from '#listeners/record_work_entry_webhook'

/** PUT /monitoring/entries/:id: replaces date, reason, tasks and geolocation */
@inject()
export default class UpdateWorkEntry {
  constructor(
    private assertEditable: AssertEntryEditable,
    private writeEntry: WriteWorkEntry
  ) {}

  async handle(membership: CompanyMember, id: string, data: WorkEntryData) {
    return db.transaction(async (trx) => {
      const entry = await WorkEntry.findVisible(membership, id, trx)
      this.assertEditable.handle(entry, membership)
      const written = await this.writeEntry.handle(entry, data, trx)
      await new RecordWorkEntryWebhook().handle(trx, written, 'work_entry.updated')
      return written
    })
  }
}
