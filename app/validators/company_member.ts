import vine from '@vinejs/vine'
import { MEMBER_ROLES } from '#enums/roles'
import { pageField, pageSizeField } from '#validators/rules/pagination'

export const listCompanyMembersValidator = vine.create({
  page: pageField(),
  perPage: pageSizeField(100),
  role: vine.enum(MEMBER_ROLES).optional(),
})

/** The roles POST/PATCH /company/members may give: `provider` memberships come from contracts */
export const MANAGED_MEMBER_ROLES = ['owner', 'admin', 'borrower', 'user'] as const

const managedRole = () => vine.enum(MANAGED_MEMBER_ROLES)

/** POST /company/members */
export const inviteCompanyMemberValidator = vine.create({
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  name: vine.string().trim().minLength(2).maxLength(255).optional(),
  role: managedRole(),
})

/** PATCH /company/members/:userId (the id is checked by the pathIds middleware) */
export const updateCompanyMemberValidator = vine.create({ role: managedRole() })
