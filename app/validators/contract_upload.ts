import vine from '@vinejs/vine'
import { UUID_V4 } from '#support/uuid'

/** H6: the multipart fields besides `file` (checked by FileStorageService) */
export const uploadContractFileValidator = vine.create({
  partId: vine.string().trim().regex(UUID_V4).meta({ description: 'contract part id' }),
})

/** H11: `reason` is required when rejecting */
export const reviewContractDocumentValidator = vine.create({
  status: vine.enum(['approved', 'rejected'] as const),
  reason: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(2000)
    .optional()
    .requiredWhen('status', '=', 'rejected')
    .meta({ description: 'required when rejecting' }),
})
