import { inject } from '@adonisjs/core'
import Clock from '#services/platform/clock'
import { ENTRY_WINDOW_DAYS, inZone } from '#support/hours'
import { ConflictException } from '#exceptions/http_exceptions'
import type CompanyMember from '#models/company_member'
import type WorkEntry from '#models/work_entry'

/**
 * The lock of entries older than the direct-entry window (the entry itself
 * comes from the tenant finder `WorkEntry.findVisible`).
 */
@inject()
export default class AssertEntryEditable {
  constructor(private clock: Clock) {}

  /** Entries older than the window are locked (409): a retroactive request is the way */
  handle(entry: WorkEntry, membership: CompanyMember) {
    const today = inZone(this.clock.now(), membership.company.timezone)
    const earliest = today.minus({ days: ENTRY_WINDOW_DAYS }).toISODate()!
    if (entry.date.toISODate()! < earliest) {
      throw new ConflictException('errors.entry_locked', { data: { days: ENTRY_WINDOW_DAYS } })
    }
  }
}
