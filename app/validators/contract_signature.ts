import vine from '@vinejs/vine'
import { signatureGroup } from '#validators/contract'

/** PUT /contracts/:id/signatures/configuration: the ordered groups and their signers */
export const configureSignaturesValidator = vine.create({
  groups: vine.array(signatureGroup).minLength(1).maxLength(20),
})

/** POST /contracts/:id/signatures/reject */
export const rejectSignatureValidator = vine.create({
  reason: vine.string().trim().minLength(1).maxLength(2000),
})
