import vine from '@vinejs/vine'
import { cnpjField } from '#validators/rules/documents'

const email = () => vine.string().trim().toLowerCase().email().maxLength(254)
const password = () => vine.string().minLength(8).maxLength(128)

export const registerValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(255),
  email: email().unique(async (db, value) => {
    const row = await db.from('users').whereRaw('lower(email) = ?', [value]).first()
    return !row
  }),
  password: password(),
  company: vine
    .object({
      name: vine.string().trim().minLength(2).maxLength(255),
      tradeName: vine.string().trim().maxLength(255).optional(),
      /** A claim: never refused for being claimed already (docs/security.md, "CNPJ claims") */
      document: cnpjField().meta({
        description: 'CNPJ, punctuated or not; a claim, never refused as taken (docs/security.md)',
      }),
    })
    .optional(),
})

export const loginValidator = vine.create({
  email: email(),
  password: vine.string().maxLength(128),
})

export const refreshTokenValidator = vine.create({
  refreshToken: vine.string().trim().minLength(16).maxLength(256),
})

/** POST /auth/password/forgot */
export const forgotPasswordValidator = vine.create({ email: email() })

/**
 * POST /auth/password/reset: the token of the e-mailed link and the new
 * password, under the length rule of registration.
 */
export const resetPasswordValidator = vine.create({
  token: vine.string().trim().minLength(16).maxLength(256),
  password: password(),
})
