import type { AuditedResource } from '#enums/audit'
import { AuditLogSchema } from '#database/schema'

export interface AuditLogFilters {
  actor?: string
  resource?: AuditedResource
  from?: Date
  to?: Date
  cursor?: string
  limit?: number
}

/**
 * One row of the append-only audit log, written by the audited tables'
 * triggers in the write's transaction (migration 1764500000001); read
 * only, never changed by the application.
 */
export default class AuditLogEntry extends AuditLogSchema {
  static table = 'audit_log'

  /**
   * A company's entries, newest first, after `cursor` (an entry id), with
   * the actor's name (the person, or the key's service user). One row more
   * than the page tells whether there is a next one.
   */
  static async pageOf(companyId: string, filters: AuditLogFilters) {
    const limit = filters.limit ?? 50
    const query = AuditLogEntry.query()
      .select('audit_log.*', 'u.name as actor_name')
      .leftJoin('users as u', 'u.id', 'audit_log.user_id')
      .where('audit_log.company_id', companyId)
      .orderBy('audit_log.id', 'desc')
      .limit(limit + 1)
    if (filters.actor) {
      const actor = filters.actor
      query.where((q) => q.where('audit_log.user_id', actor).orWhere('audit_log.api_key_id', actor))
    }
    if (filters.resource) query.where('audit_log.resource', filters.resource)
    if (filters.from) query.where('audit_log.created_at', '>=', filters.from)
    if (filters.to) query.where('audit_log.created_at', '<', filters.to)
    if (filters.cursor) query.where('audit_log.id', '<', filters.cursor)
    const rows = await query
    const entries = rows.slice(0, limit)
    const nextCursor = rows.length > limit ? entries[entries.length - 1].id : null
    return { entries, nextCursor, limit }
  }
}
