import vine from '@vinejs/vine'
import { cnpjField, cpfField } from '#validators/rules/documents'
import { pageField, pageSizeField } from '#validators/rules/pagination'

/** Largest page of the team, clients and providers lists */
export const MAX_PAGE_SIZE = 100

/** Page size of those lists (and of the hours lists) when none is asked */
export const DEFAULT_PAGE_SIZE = 20

export const listTeamValidator = vine.create({
  search: vine.string().trim().maxLength(255).optional(),
  status: vine.enum(['active', 'inactive'] as const).optional(),
  page: pageField(),
  pageSize: pageSizeField(MAX_PAGE_SIZE),
})

export const toggleTeamLinkValidator = vine.create({
  isActive: vine.boolean({ strict: true }),
})

export const inviteTeamMemberValidator = vine.create({
  document: cnpjField().meta({ description: 'CNPJ, with or without punctuation' }),
  name: vine.string().trim().minLength(2).maxLength(255),
  tradeName: vine.string().trim().maxLength(255).optional(),
  legalRepresentative: vine.object({
    cpf: cpfField(),
    name: vine.string().trim().minLength(2).maxLength(255),
    email: vine.string().trim().toLowerCase().email().maxLength(254),
  }),
})

/**
 * `password` (registration's length rules) is required by the action when
 * the account has none or its e-mail is unverified, ignored otherwise.
 */
export const acceptInvitationValidator = vine.create({
  token: vine.string().trim().minLength(16).maxLength(256),
  password: vine.string().minLength(8).maxLength(128).optional(),
})
