import type WorkEntry from '#models/work_entry'
import { minutesToHours } from '#support/hours'

/**
 * A work entry (spec "Work entry" plus its identifiers and totals).
 * Expects `tasks` and `contractPart` preloaded.
 */
export default class WorkEntryDto {
  static fromModel(entry: WorkEntry) {
    const part = entry.contractPart ?? null
    return {
      id: entry.id,
      providerId: part ? part.providerId : null,
      contractPartId: entry.contractPartId,
      contractId: part ? part.contractId : null,
      userId: entry.userId,
      date: entry.date.toISODate()!,
      reason: entry.reason,
      tasks: entry.tasks.map((task) => ({
        id: task.id,
        description: task.description,
        durationMinutes: task.durationMinutes,
      })),
      totalMinutes: entry.totalMinutes,
      totalHours: minutesToHours(entry.totalMinutes),
      capturedAt: entry.capturedAt?.toUTC().toISO() ?? null,
      latitude: entry.latitude,
      longitude: entry.longitude,
      locationAccuracy: entry.locationAccuracy,
      createdAt: entry.createdAt.toISO()!,
      updatedAt: entry.updatedAt.toISO()!,
    }
  }
}
