import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import AssertEntryEditable from '#actions/hours/assert_entry_editable'
import WorkEntry from '#models/work_entry'
import type CompanyMember from '#models/company_member'
import RecordWorkEntryWebhook from '#listeners/record_work_entry_webhook'

/** DELETE /monitoring/entries/:id (its tasks go with it) */
@inject()
export default class DeleteWorkEntry {
  constructor(private assertEditable: AssertEntryEditable) {}

  async handle(membership: CompanyMember, id: string) {
    await db.transaction(async (trx) => {
      const entry = await WorkEntry.findVisible(membership, id, trx)
      this.assertEditable.handle(entry, membership)
      entry.useTransaction(trx)
      await entry.delete()
      /** data: the entry as it was (the last state a receiver could have read) */
      await new RecordWorkEntryWebhook().handle(trx, entry, 'work_entry.deleted')
    })
  }
}
