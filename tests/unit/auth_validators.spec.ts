import { test } from '@japa/runner'
import type { VineValidator } from '@vinejs/vine'
import { refusedFields } from '#tests/support/validation'
import { loginValidator, refreshTokenValidator, registerValidator } from '#validators/auth'
import {
  changePasswordValidator,
  connectProviderValidator,
  registerPasswordValidator,
  updateProfileValidator,
} from '#validators/profile'

/**
 * The auth and profile validators: each limit on both sides, and each text
 * sent padded with spaces to check the value that comes out (a dropped
 * `.trim()` must fail a test). The database is empty here, so the
 * register uniqueness rules pass; tests/functional/auth covers them taken.
 */
type Validator = VineValidator<any, any>

function refused(validator: Validator, data: unknown, meta?: object): Promise<string[]> {
  return refusedFields(validator.validate(data, meta ? { meta } : undefined))
}

const a = (length: number) => 'a'.repeat(length)
/** A valid address of exactly `length` characters (local part 64, labels up to 61) */
const emailOf = (length: number) => {
  const labels = ['test']
  const email = () => `${a(64)}@${labels.join('.')}`
  while (email().length < length) {
    const room = length - email().length
    if (labels.length === 1 || (labels[0].length >= 60 && room >= 2)) labels.unshift('b')
    else labels[0] += 'b'
  }
  return email()
}
const PASSWORD = 'secret123'
const CNPJ = '11222333000181'
const CPF = '52998224725'
const register = (extra: object = {}) => ({
  name: 'Ana Lima',
  email: 'ana.unit@x.test',
  password: PASSWORD,
  ...extra,
})

test.group('Auth validators: register, login, refresh', () => {
  test('register: name 2..255 and e-mail up to 254, trimmed, e-mail lowercased', async ({
    assert,
  }) => {
    const data = await registerValidator.validate(
      register({ name: '  Ana  ', email: '  Ana.Unit@X.test ' })
    )
    assert.equal(data.name, 'Ana')
    assert.equal(data.email, 'ana.unit@x.test')
    assert.deepEqual(await refused(registerValidator, register({ name: ' a ' })), ['name'])
    assert.deepEqual(await refused(registerValidator, register({ name: a(255) })), [])
    assert.deepEqual(await refused(registerValidator, register({ name: a(256) })), ['name'])
    assert.deepEqual(await refused(registerValidator, register({ email: emailOf(254) })), [])
    assert.deepEqual(await refused(registerValidator, register({ email: emailOf(255) })), ['email'])
    assert.deepEqual(await refused(registerValidator, register({ email: 'ana' })), ['email'])
  })

  test('register: password 8..128 characters, as typed', async ({ assert }) => {
    assert.deepEqual(await refused(registerValidator, register({ password: a(7) })), ['password'])
    assert.deepEqual(await refused(registerValidator, register({ password: a(8) })), [])
    assert.deepEqual(await refused(registerValidator, register({ password: a(128) })), [])
    assert.deepEqual(await refused(registerValidator, register({ password: a(129) })), ['password'])
    const data = await registerValidator.validate(register({ password: ' spaced 1 ' }))
    assert.equal(data.password, ' spaced 1 ', 'a password is never trimmed')
  })

  test('register: the company name 2..255, trade name up to 255, a valid CNPJ', async ({
    assert,
  }) => {
    const company = (extra: object) =>
      register({ company: { name: 'Acme', document: CNPJ, ...extra } })
    const data = await registerValidator.validate(
      company({ name: '  Acme  ', tradeName: '  Acme SA  ', document: ` ${CNPJ} ` })
    )
    assert.deepEqual(data.company, { name: 'Acme', tradeName: 'Acme SA', document: CNPJ })
    assert.deepEqual(await refused(registerValidator, company({ name: ' a ' })), ['company.name'])
    assert.deepEqual(await refused(registerValidator, company({ name: a(255) })), [])
    assert.deepEqual(await refused(registerValidator, company({ name: a(256) })), ['company.name'])
    assert.deepEqual(await refused(registerValidator, company({ tradeName: a(255) })), [])
    assert.deepEqual(await refused(registerValidator, company({ tradeName: a(256) })), [
      'company.tradeName',
    ])
    assert.deepEqual(await refused(registerValidator, company({ document: '11222333000180' })), [
      'company.document',
    ])
  })

  test('login: the e-mail trimmed and lowercased; a password up to 128', async ({ assert }) => {
    const data = await loginValidator.validate({ email: ' Ana@X.test ', password: ' p ' })
    assert.deepEqual(data, { email: 'ana@x.test', password: ' p ' })
    assert.deepEqual(await refused(loginValidator, { email: 'ana@x.test', password: a(128) }), [])
    assert.deepEqual(await refused(loginValidator, { email: 'ana@x.test', password: a(129) }), [
      'password',
    ])
    assert.deepEqual(await refused(loginValidator, { email: 'ana', password: 'p' }), ['email'])
  })

  test('refresh: a token of 16..256 characters, trimmed', async ({ assert }) => {
    const token = (refreshToken: string) => refused(refreshTokenValidator, { refreshToken })
    assert.equal(
      (await refreshTokenValidator.validate({ refreshToken: `  ${a(16)}  ` })).refreshToken,
      a(16)
    )
    assert.deepEqual(await token(`  ${a(15)}  `), ['refreshToken'])
    assert.deepEqual(await token(a(16)), [])
    assert.deepEqual(await token(a(256)), [])
    assert.deepEqual(await token(a(257)), ['refreshToken'])
  })
})

test.group('Profile validators', () => {
  test('PUT /users/me: name 2..255 trimmed, phone trimmed and reduced to digits, CPF', async ({
    assert,
  }) => {
    const data = await updateProfileValidator.validate({
      name: '  Ana  ',
      phone: '  +55 (11) 9999-0000  ',
      cpf: ` ${CPF} `,
    })
    assert.deepEqual(data, { name: 'Ana', phone: '+551199990000', cpf: CPF })
    const profile = (extra: object) => refused(updateProfileValidator, { name: 'Ana', ...extra })
    assert.deepEqual(await profile({ name: ' a ' }), ['name'])
    assert.deepEqual(await profile({ name: a(255) }), [])
    assert.deepEqual(await profile({ name: a(256) }), ['name'])
    assert.deepEqual(await profile({ phone: '1234567' }), ['phone'])
    assert.deepEqual(await profile({ phone: '12345678' }), [])
    assert.deepEqual(await profile({ phone: '1'.repeat(25) }), [])
    assert.deepEqual(await profile({ phone: '1'.repeat(26) }), ['phone'])
    assert.deepEqual(await profile({ phone: '12345678x' }), ['phone'])
    assert.deepEqual(await profile({ phone: null, cpf: null }), [])
    assert.deepEqual(await profile({ cpf: '52998224724' }), ['cpf'])
  })

  test('passwords: current up to 128; the new one 8..128 with letters and digits', async ({
    assert,
  }) => {
    const meta = { email: 'ana@x.test' }
    const change = (newPassword: string, currentPassword = 'old') =>
      refused(changePasswordValidator, { currentPassword, newPassword }, meta)
    assert.deepEqual(await change('abcdef12'), [])
    assert.deepEqual(await change('abcde12'), ['newPassword'])
    assert.deepEqual(await change(`${a(126)}12`), [])
    assert.deepEqual(await change(`${a(127)}12`), ['newPassword'])
    assert.deepEqual(await change('abcdefgh'), ['newPassword'])
    assert.deepEqual(await change('12345678'), ['newPassword'])
    assert.deepEqual(await change('abcdef12', a(128)), [])
    assert.deepEqual(await change('abcdef12', a(129)), ['currentPassword'])
    assert.deepEqual(
      await refused(
        registerPasswordValidator,
        { password: 'ANA1@X.TEST' },
        { email: 'ana1@x.test' }
      ),
      ['password']
    )
    assert.deepEqual(await refused(registerPasswordValidator, { password: 'abcdef12' }, meta), [])
  })

  test('connect-provider: a known provider and an id token of 10..8192, trimmed', async ({
    assert,
  }) => {
    const connect = (idToken: string, provider = 'google') =>
      refused(connectProviderValidator, { provider, idToken })
    const data = await connectProviderValidator.validate({
      provider: 'google',
      idToken: `  ${a(10)}  `,
    })
    assert.equal(data.idToken, a(10))
    assert.deepEqual(await connect(`  ${a(9)}  `), ['idToken'])
    assert.deepEqual(await connect(a(8192)), [])
    assert.deepEqual(await connect(a(8193)), ['idToken'])
    assert.deepEqual(await connect(a(10), 'myspace'), ['provider'])
  })
})
