import { test } from '@japa/runner'
import {
  formatCnpj,
  isValidCnpj,
  isValidCpf,
  withCnpjCheckDigits,
  withCpfCheckDigits,
} from '#support/documents'
import { ACME_CNPJ, ANA_CPF, BETA_CNPJ } from '#database/seeders/demo/accounts'

test.group('Documents / CPF and CNPJ', () => {
  test('valid CPFs pass with or without punctuation', ({ assert }) => {
    assert.isTrue(isValidCpf('529.982.247-25'))
    assert.isTrue(isValidCpf(ANA_CPF))
    assert.isTrue(isValidCpf(withCpfCheckDigits('123456789')))
  })

  test('CPFs with wrong digits, repeated digits or wrong length fail', ({ assert }) => {
    for (const cpf of ['529.982.247-24', '111.111.111-11', '1234567890', 'abcdefghijk', '']) {
      assert.isFalse(isValidCpf(cpf), cpf)
    }
  })

  test('numeric and alphanumeric CNPJs pass', ({ assert }) => {
    assert.isTrue(isValidCnpj('11.222.333/0001-81'))
    assert.isTrue(isValidCnpj(ACME_CNPJ))
    assert.isTrue(isValidCnpj(BETA_CNPJ))
    assert.isTrue(isValidCnpj('12.ABC.345/01DE-35'))
    assert.isTrue(isValidCnpj(withCnpjCheckDigits('AB12CD34EF56')))
  })

  test('CNPJs with wrong digits, letters in the check digits or wrong length fail', ({
    assert,
  }) => {
    for (const cnpj of [
      '11.222.333/0001-82',
      '00000000000000',
      '12ABC34501DE3A',
      '1122233300018',
      '',
    ]) {
      assert.isFalse(isValidCnpj(cnpj), cnpj)
    }
  })

  test('formats a CNPJ with punctuation', ({ assert }) => {
    assert.equal(formatCnpj('11222333000181'), '11.222.333/0001-81')
  })
})
