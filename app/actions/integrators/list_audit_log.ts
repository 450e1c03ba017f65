import type { Infer } from '@vinejs/vine/types'
import AuditLogEntry from '#models/audit_log_entry'
import type Company from '#models/company'
import type { listAuditLogValidator } from '#validators/audit_log'

/** GET /audit-log: the company's audit entries, newest first, by cursor */
export default class ListAuditLog {
  handle(company: Company, filters: Infer<typeof listAuditLogValidator>) {
    return AuditLogEntry.pageOf(company.id, filters)
  }
}
