import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListAuditLog from '#actions/integrators/list_audit_log'
import AuditLogEntryDto from '#dtos/audit_log_entry_dto'
import { listAuditLogValidator } from '#validators/audit_log'

/** The audit log of the x-company-id company (owner and admin: its route's gate) */
export default class AuditLogController {
  @inject()
  async index({ request, company }: HttpContext, list: ListAuditLog) {
    const filters = await request.validateUsing(listAuditLogValidator)
    const { entries, nextCursor, limit } = await list.handle(company, filters)
    return {
      data: entries.map((entry) => AuditLogEntryDto.fromModel(entry)),
      meta: { nextCursor, limit },
    }
  }
}
