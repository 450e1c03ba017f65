import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { isValidCnpj, isValidCpf, stripDocument } from '#support/documents'

/**
 * CPF / CNPJ rules: accept the value with or without punctuation, check
 * the digits, and hand the stripped value on to the next rules.
 */
function documentRule(name: 'cpf' | 'cnpj', isValid: (value: string) => boolean) {
  return vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    const stripped = stripDocument(value)
    if (!isValid(stripped)) {
      field.report(`The {{ field }} field must be a valid ${name.toUpperCase()}`, name, field)
      return
    }
    field.mutate(stripped, field)
  })
}

export const cpfRule = documentRule('cpf', isValidCpf)
export const cnpjRule = documentRule('cnpj', isValidCnpj)

/** A trimmed CPF, stored as its 11 digits */
export const cpfField = () => vine.string().trim().use(cpfRule())

/** A trimmed CNPJ, stored as its 14 characters without punctuation */
export const cnpjField = () => vine.string().trim().use(cnpjRule())
