import vine from '@vinejs/vine'
import { MEMBER_ROLES } from '#enums/roles'

export const listCompanyMembersValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().min(1).optional(),
    perPage: vine.number().withoutDecimals().min(1).max(100).optional(),
    role: vine.enum(MEMBER_ROLES).optional(),
  })
)
