import { test } from '@japa/runner'
import { formFieldValueError } from '#support/form_field_values'
import type { FormFieldType } from '#support/onboarding'

const OPTIONS = [{ label: 'Sim', value: 'yes' }]

const CASES: [FormFieldType, string[], string[]][] = [
  ['text', ['Beta'], ['x'.repeat(256)]],
  ['textarea', ['linha 1\nlinha 2'], ['x'.repeat(5001)]],
  ['number', ['42', '-3,5', '10.25'], ['12a', '1.000,00']],
  ['email', ['ana@beta.com.br'], ['ana@', 'ana beta@x.com']],
  ['date', ['2026-01-31', '2024-02-29'], ['31/01/2026', '2026-02-30', '2026-1-1']],
  ['select', ['yes'], ['no', 'Sim']],
  ['cpf', ['529.982.247-25', '52998224725'], ['111.111.111-11', '123']],
  ['cnpj', ['45.997.418/0001-53', '45997418000153'], ['45997418000154']],
  ['phone', ['+55 (11) 99999-0000', '1133334444'], ['12345', 'phone']],
  ['currency', ['1.000,00', '10,50', '1000,00'], ['1,000.00', '10', '10,5']],
  ['boolean', ['true', 'false'], ['yes', 'TRUE', '1']],
]

test.group('Onboarding form values per type', () => {
  for (const [type, valid, invalid] of CASES) {
    test(`${type}: accepts ${valid.length}, refuses ${invalid.length}`, ({ assert }) => {
      for (const value of valid) assert.isNull(formFieldValueError(type, value, OPTIONS), value)
      for (const value of invalid) assert.isString(formFieldValueError(type, value, OPTIONS), value)
    })
  }
})
