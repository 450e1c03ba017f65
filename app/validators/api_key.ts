import vine from '@vinejs/vine'
import { API_KEY_PERMISSIONS } from '#support/permissions'
import { pageField, pageSizeField } from '#validators/rules/pagination'

/** POST /api-keys (the expiry must be in the future: checked by the action against the clock) */
export const createApiKeyValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(120),
  permissions: vine.array(vine.enum(API_KEY_PERMISSIONS)).minLength(1).distinct(),
  expiresAt: vine
    .date({ formats: ['iso8601'] })
    .nullable()
    .optional(),
})

/** GET /api-keys */
export const listApiKeysValidator = vine.create({ page: pageField(), perPage: pageSizeField(100) })
