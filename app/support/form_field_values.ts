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

const MESSAGES: Record<FormFieldType, string> = {
  text: 'O valor deve ter até 255 caracteres',
  textarea: 'O valor deve ter até 5000 caracteres',
  number: 'O valor deve ser um número',
  email: 'O valor deve ser um e-mail válido',
  date: 'O valor deve ser uma data no formato AAAA-MM-DD',
  select: 'O valor deve ser uma das opções do campo',
  cpf: 'O valor deve ser um CPF válido',
  cnpj: 'O valor deve ser um CNPJ válido',
  phone: 'O valor deve ser um telefone válido',
  currency: 'O valor deve estar no formato 1.000,00',
  boolean: "O valor deve ser 'true' ou 'false'",
}

/** The error message for a value that does not match its field type, or null */
export function formFieldValueError(
  type: FormFieldType,
  value: string,
  options: FormFieldOption[] | null
): string | null {
  return CHECKS[type](value, options) ? null : MESSAGES[type]
}
