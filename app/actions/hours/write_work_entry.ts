import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import WorkEntry from '#models/work_entry'
import WorkEntryTask from '#models/work_entry_task'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import { MAX_DAY_MINUTES } from '#support/hours'
import { withAdvisoryLock } from '#support/advisory_lock'
import { prepared } from '#support/prepared_statement'

export interface WorkEntryData {
  date: string
  reason?: string | null
  tasks: { description: string; durationMinutes: number }[]
  capturedAt?: string | null
  latitude?: number | null
  longitude?: number | null
  locationAccuracy?: number | null
}

/**
 * Writes an entry and its tasks inside the caller's transaction, after
 * the day rules: one entry per link and day (409), and at most 24 hours
 * per provider user and day across all its links (422). An advisory lock
 * on (user, day) serialises concurrent writes of the same day.
 */
export default class WriteWorkEntry {
  handle(entry: WorkEntry, data: WorkEntryData, trx: TransactionClientContract) {
    return withAdvisoryLock(
      trx,
      `work-day:${entry.userId}:${data.date}`,
      () => this.#write(entry, data, trx),
      { wait: true }
    )
  }

  async #write(entry: WorkEntry, data: WorkEntryData, trx: TransactionClientContract) {
    const total = data.tasks.reduce((sum, task) => sum + task.durationMinutes, 0)
    /* A user's entries of one day are few whoever the user: one plan serves all */
    const sameDay = await prepared(
      WorkEntry.query({ client: trx })
        .where('user_id', entry.userId)
        .where('date', data.date)
        .if(entry.$isPersisted, (query) => query.whereNot('id', entry.id))
    )
    if (sameDay.some((other) => other.contractPartId === entry.contractPartId)) {
      throw new ConflictException('errors.entry_exists')
    }
    const logged = sameDay.reduce((sum, other) => sum + other.totalMinutes, 0)
    if (logged + total > MAX_DAY_MINUTES) {
      throw new UnprocessableException('errors.day_over_24h')
    }

    const isNew = !entry.$isPersisted
    entry.useTransaction(trx)
    entry.merge({
      date: DateTime.fromISO(data.date),
      reason: data.reason ?? null,
      totalMinutes: total,
      capturedAt: data.capturedAt ? DateTime.fromISO(data.capturedAt, { zone: 'utc' }) : null,
      latitude: data.latitude ?? null,
      longitude: data.longitude ?? null,
      locationAccuracy: data.locationAccuracy ?? null,
    })
    await entry.save()
    if (!isNew) {
      await WorkEntryTask.query({ client: trx }).where('work_entry_id', entry.id).delete()
    }
    /** Created in position order: they are the entry's tasks as a reload would order them */
    const tasks = await WorkEntryTask.createMany(
      data.tasks.map((task, position) => ({
        workEntryId: entry.id,
        description: task.description,
        durationMinutes: task.durationMinutes,
        position,
      })),
      { client: trx }
    )
    entry.$setRelated('tasks', tasks)
    /** The caller may already hold the link (a new entry): not read again */
    if (!entry.$preloaded.contractPart) await entry.load('contractPart')
    return entry
  }
}
