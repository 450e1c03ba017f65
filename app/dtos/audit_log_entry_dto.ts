import type AuditLogEntry from '#models/audit_log_entry'

/** One entry of GET /audit-log: who (person or API key), what, when, from where */
export default class AuditLogEntryDto {
  static fromModel(entry: AuditLogEntry) {
    return {
      id: String(entry.id),
      actor: {
        type: entry.actorType,
        userId: entry.actorType === 'user' ? entry.userId : null,
        apiKeyId: entry.apiKeyId,
        name: (entry.$extras.actor_name as string | null) ?? null,
      },
      resource: entry.resource,
      resourceId: entry.resourceId,
      action: entry.action,
      operation: entry.operation,
      fields: entry.fields,
      ip: entry.ip,
      createdAt: entry.createdAt.toISO()!,
    }
  }
}
