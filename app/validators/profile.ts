import vine from '@vinejs/vine'
import { OAUTH_PROVIDERS } from '#enums/oauth_providers'
import { LOCALES } from '#enums/locales'
import { cpfField } from '#validators/rules/documents'
import { strongPasswordField } from '#validators/rules/password'

/** Validators that check a password against the account's e-mail */
type WithEmail = { email: string }

/**
 * PUT /users/me: `name` is required; `phone`, `cpf` and `locale` are optional
 * (omitted = unchanged, null = cleared). Phones keep digits and a
 * leading +.
 */
export const updateProfileValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(255),
  phone: vine
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{8,25}$/)
    .transform((value) => (typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value))
    .nullable()
    .optional(),
  cpf: cpfField().nullable().optional(),
  locale: vine
    .enum(LOCALES)
    .nullable()
    .optional()
    .meta({ description: 'Language of e-mails and notifications (null = pt-BR)' }),
})

/** PUT /users/me/password */
export const changePasswordValidator = vine.withMetaData<WithEmail>().create({
  currentPassword: vine.string().maxLength(128),
  newPassword: strongPasswordField(),
})

/** POST /users/me/register-password */
export const registerPasswordValidator = vine
  .withMetaData<WithEmail>()
  .create({ password: strongPasswordField() })

/** POST /users/me/connect-provider */
export const connectProviderValidator = vine.create({
  provider: vine.enum(OAUTH_PROVIDERS),
  idToken: vine.string().trim().minLength(10).maxLength(8192),
})
