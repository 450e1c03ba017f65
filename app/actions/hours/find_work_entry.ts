import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Clock from '#services/platform/clock'
import { visibleWorkEntries } from '#models/queries/work_entries'
import { ENTRY_WINDOW_DAYS, inZone } from '#support/hours'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import type CompanyMember from '#models/company_member'
import type WorkEntry from '#models/work_entry'

/**
 * One entry visible to the caller (404 otherwise), with its tasks; and
 * the lock of entries older than the direct-entry window.
 */
@inject()
export default class FindWorkEntry {
  constructor(private clock: Clock) {}

  async handle(membership: CompanyMember, id: string, trx?: TransactionClientContract) {
    const entry = await visibleWorkEntries(membership, trx)
      .where('work_entries.id', id)
      .preload('tasks', (tasks) => tasks.orderBy('position'))
      .preload('contractPart')
      .if(trx, (query) => query.forUpdate())
      .first()
    if (!entry) throw new NotFoundException('Work entry not found')
    return entry
  }

  /** Entries older than the window are locked (409): a retroactive request is the way */
  assertEditable(entry: WorkEntry, membership: CompanyMember) {
    const today = inZone(this.clock.now(), membership.company.timezone)
    const earliest = today.minus({ days: ENTRY_WINDOW_DAYS }).toISODate()!
    if (entry.date.toISODate()! < earliest) {
      throw new ConflictException(
        `Entries older than ${ENTRY_WINDOW_DAYS} days are locked; file a retroactive request`
      )
    }
  }
}
