import type RetroactiveRequest from '#models/retroactive_request'
import { minutesToHours } from '#support/hours'

/** A retroactive request; expects `contractPart` preloaded */
export default class RetroactiveRequestDto {
  static fromModel(request: RetroactiveRequest) {
    const part = request.contractPart ?? null
    return {
      id: request.id,
      providerId: part ? part.providerId : null,
      contractPartId: request.contractPartId,
      contractId: part ? part.contractId : null,
      userId: request.userId,
      date: request.date.toISODate()!,
      reason: request.reason,
      tasks: request.tasks,
      totalMinutes: request.totalMinutes,
      totalHours: minutesToHours(request.totalMinutes),
      status: request.status,
      declineReason: request.declineReason ?? null,
      reviewedBy: request.reviewedBy ?? null,
      reviewedAt: request.reviewedAt?.toISO() ?? null,
      workEntryId: request.workEntryId ?? null,
      capturedAt: request.capturedAt?.toUTC().toISO() ?? null,
      latitude: request.latitude ?? null,
      longitude: request.longitude ?? null,
      locationAccuracy: request.locationAccuracy ?? null,
      createdAt: request.createdAt.toISO()!,
      updatedAt: request.updatedAt.toISO()!,
    }
  }
}
