import vine from '@vinejs/vine'
import { IANAZone } from 'luxon'

const ianaZone = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && !IANAZone.isValidZone(value)) {
    field.report('The {{ field }} field must be an IANA time zone', 'timezone', field)
  }
})

/**
 * PUT /company/:id: every field optional (omitted = unchanged); `tradeName`,
 * `email` and `phone` may be null (cleared); the CNPJ (`document`) is the
 * company's identity and is not editable. Phones keep digits and a leading +.
 */
export const updateCompanyValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(255).optional(),
  tradeName: vine.string().trim().minLength(1).maxLength(255).nullable().optional(),
  email: vine.string().trim().toLowerCase().email().maxLength(254).nullable().optional(),
  phone: vine
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{8,25}$/)
    .transform((value) => (typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value))
    .nullable()
    .optional()
    .meta({ description: 'digits, optionally a leading +' }),
  timezone: vine
    .string()
    .trim()
    .maxLength(64)
    .use(ianaZone())
    .optional()
    .meta({ description: 'IANA time zone, e.g. America/Sao_Paulo' }),
})
