import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/**
 * Password strength: at least one letter and one digit, and not the
 * account's e-mail (given as `meta.email`). Length is checked by the
 * field (8 to 128).
 */
const strongPasswordRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    if (!/\p{L}/u.test(value) || !/\d/.test(value)) {
      field.report(
        'The {{ field }} field must contain letters and digits',
        'passwordStrength',
        field,
        {
          reason: 'mix',
        }
      )
      return
    }
    const email = String(field.meta.email ?? '').toLowerCase()
    if (email && value.toLowerCase() === email) {
      field.report('The {{ field }} field must not be your e-mail', 'passwordStrength', field, {
        reason: 'email',
      })
    }
  }
)

export const strongPasswordField = () =>
  vine.string().minLength(8).maxLength(128).use(strongPasswordRule())
