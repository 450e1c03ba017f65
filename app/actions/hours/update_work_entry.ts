import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import FindWorkEntry from '#actions/hours/find_work_entry'
import WriteWorkEntry, { type WorkEntryData } from '#actions/hours/write_work_entry'
import type CompanyMember from '#models/company_member'

/** PUT /monitoring/entries/:id: replaces date, reason, tasks and geolocation */
@inject()
export default class UpdateWorkEntry {
  constructor(
    private findEntry: FindWorkEntry,
    private writeEntry: WriteWorkEntry
  ) {}

  async handle(membership: CompanyMember, id: string, data: WorkEntryData) {
    return db.transaction(async (trx) => {
      const entry = await this.findEntry.handle(membership, id, trx)
      this.findEntry.assertEditable(entry, membership)
      return this.writeEntry.handle(entry, data, trx)
    })
  }
}
