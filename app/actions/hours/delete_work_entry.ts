import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import FindWorkEntry from '#actions/hours/find_work_entry'
import type CompanyMember from '#models/company_member'

/** DELETE /monitoring/entries/:id (its tasks go with it) */
@inject()
export default class DeleteWorkEntry {
  constructor(private findEntry: FindWorkEntry) {}

  async handle(membership: CompanyMember, id: string) {
    await db.transaction(async (trx) => {
      const entry = await this.findEntry.handle(membership, id, trx)
      this.findEntry.assertEditable(entry, membership)
      entry.useTransaction(trx)
      await entry.delete()
    })
  }
}
