import vine from '@vinejs/vine'
import { MEMBER_ROLES } from '#enums/roles'
import { pageField, pageSizeField } from '#validators/rules/pagination'

export const listCompanyMembersValidator = vine.compile(
  vine.object({
    page: pageField(),
    perPage: pageSizeField(100),
    role: vine.enum(MEMBER_ROLES).optional(),
  })
)
