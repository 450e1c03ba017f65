import vine from '@vinejs/vine'
import { AUDITED_RESOURCES } from '#enums/audit'
import { pageSizeField } from '#validators/rules/pagination'

/** GET /audit-log: newest first, `cursor` = the `nextCursor` of the previous page */
export const listAuditLogValidator = vine.create({
  actor: vine.string().uuid().optional(),
  resource: vine.enum(AUDITED_RESOURCES).optional(),
  from: vine.date({ formats: ['iso8601'] }).optional(),
  to: vine.date({ formats: ['iso8601'] }).optional(),
  cursor: vine
    .string()
    .regex(/^[1-9][0-9]{0,17}$/)
    .optional(),
  limit: pageSizeField(100),
})
