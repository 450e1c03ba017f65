import vine from '@vinejs/vine'
import { ONBOARDING_VALIDITY_DAYS } from '#support/onboarding'

/** POST /contracts/:contractId/providers/:providerId/onboarding-link */
export const createOnboardingLinkValidator = vine.create({
  validityDays: vine
    .number()
    .withoutDecimals()
    .range([ONBOARDING_VALIDITY_DAYS.min, ONBOARDING_VALIDITY_DAYS.max])
    .optional(),
  message: vine.string().trim().maxLength(5000).optional(),
})

/** A4: PUT /onboarding/:token/form (`fields: []` is a valid partial save of nothing) */
export const saveOnboardingFormValidator = vine.create({
  fields: vine
    .array(
      vine.object({
        id: vine.string().uuid(),
        value: vine.string().trim().maxLength(5000).nullable(),
      })
    )
    .maxLength(500),
})

/** PATCH /onboardings/:onboardingId/documents/:documentId/review */
export const reviewOnboardingDocumentValidator = vine.create({
  status: vine.enum(['validated', 'rejected'] as const),
  reason: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(2000)
    .optional()
    .requiredWhen('status', '=', 'rejected'),
})
