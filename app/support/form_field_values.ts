import { DateTime } from 'luxon'
import { isValidCnpj, isValidCpf } from '#support/documents'
import { BRL_PATTERN } from '#support/money'
import type { FormFieldOption, FormFieldType } from '#support/onboarding'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const NUMBER = /^-?\d+(?:[.,]\d+)?$/
const PHONE = /^\+?[\d\s().-]{10,20}$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

type Check = (value: string, options: FormFieldOption[] | null) => boolean

/** What each type accepts (a value is always a string; null or '' clears it) */
const CHECKS: Record<FormFieldType, Check> = {
  text: (value) => value.length <= 255,
  textarea: (value) => value.length <= 5000,
  number: (value) => NUMBER.test(value),
  email: (value) => value.length <= 254 && EMAIL.test(value),
  date: (value) => DATE.test(value) && DateTime.fromISO(value).isValid,
  select: (value, options) => (options ?? []).some((option) => option.value === value),
  cpf: (value) => isValidCpf(value),
  cnpj: (value) => isValidCnpj(value),
  phone: (value) => PHONE.test(value) && value.replace(/\D/g, '').length >= 10,
  currency: (value) => BRL_PATTERN.test(value),
  boolean: (value) => value === 'true' || value === 'false',
}

/**
 * The error (a catalogue key, `errors.form_field_value.<type>`) for a value
 * that does not match its field type, or null
 */
export function formFieldValueError(
  type: FormFieldType,
  value: string,
  options: FormFieldOption[] | null
): string | null {
  return CHECKS[type](value, options) ? null : `errors.form_field_value.${type}`
}
