import { test } from '@japa/runner'
import Company from '#models/company'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

/**
 * Each limit of the auth validators on both sides (n-1, n, n+1)
 * and the credential check. POST /auth/register allows 10 requests per IP
 * per hour (the limiter is cleared before each test), so each test stays
 * under it.
 */
const REGISTER = '/api/v1/auth/register'
const LOGIN = '/api/v1/auth/login'
const REFRESH = '/api/v1/auth/refresh'

const fieldsOf = (body: { errors?: { field: string }[] }) =>
  (body.errors ?? []).map((error) => error.field)

let counter = 0
const freshEmail = () => `person${++counter}.${Date.now()}@example.test`

/** "a1a1a1..." of exactly n characters: letters and digits */
const passwordOf = (n: number) => 'a1'.repeat(Math.ceil(n / 2)).slice(0, n)

test.group('Auth / register: field limits on both sides', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('password: {length} characters -> {status}')
    .with([
      { length: 7, status: 422 },
      { length: 8, status: 201 },
      { length: 9, status: 201 },
      { length: 127, status: 201 },
      { length: 128, status: 201 },
      { length: 129, status: 422 },
    ])
    .run(async ({ client, assert }, { length, status }) => {
      const email = freshEmail()
      const response = await client
        .post(REGISTER)
        .json({ name: 'Maria Silva', email, password: passwordOf(length) })
      response.assertStatus(status)
      if (status === 422) assert.deepEqual(fieldsOf(response.body()), ['password'])
      assert.lengthOf(await User.query().where('email', email), status === 201 ? 1 : 0)
    })

  test('name: {label} -> {status}')
    .with([
      { label: '1 character', name: 'M', status: 422 },
      { label: '2 characters', name: 'Mo', status: 201 },
      { label: '2 characters once trimmed from "  M  "', name: '  M  ', status: 422 },
      { label: '255 characters', name: 'M'.repeat(255), status: 201 },
      { label: '256 characters', name: 'M'.repeat(256), status: 422 },
    ])
    .run(async ({ client, assert }, { name, status }) => {
      const response = await client
        .post(REGISTER)
        .json({ name, email: freshEmail(), password: 'a-strong-pass-1' })
      response.assertStatus(status)
      if (status === 422) assert.deepEqual(fieldsOf(response.body()), ['name'])
      else assert.equal(response.body().data.user.name, name.trim())
    })

  test('the name and e-mail are stored trimmed, the e-mail lowercased', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post(REGISTER)
      .json({ name: '  Ana Souza  ', email: '  Ana.Souza@Example.TEST ', password: 'pass-word-1' })
    response.assertStatus(201)
    const stored = await User.findOrFail(response.body().data.user.id)
    assert.equal(stored.name, 'Ana Souza')
    assert.equal(stored.email, 'ana.souza@example.test')
  })

  test('an e-mail in use in another case is refused (unique is case-insensitive)', async ({
    client,
    assert,
  }) => {
    const existing = await UserFactory.create()
    const response = await client
      .post(REGISTER)
      .json({ name: 'Copy Cat', email: existing.email.toUpperCase(), password: 'pass-word-1' })
    response.assertStatus(422)
    assert.deepEqual(fieldsOf(response.body()), ['email'])
  })

  test('e-mail: 254 characters pass, 255 are refused', async ({ client, assert }) => {
    /** 64-character local part, domain labels of at most 63 */
    const emailOf = (n: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(n - 198)}.test`
    assert.lengthOf(emailOf(254), 254)

    const accepted = await client
      .post(REGISTER)
      .json({ name: 'Long Mail', email: emailOf(254), password: 'pass-word-1' })
    accepted.assertStatus(201)
    const refused = await client
      .post(REGISTER)
      .json({ name: 'Long Mail', email: emailOf(255), password: 'pass-word-1' })
    refused.assertStatus(422)
    assert.deepEqual(fieldsOf(refused.body()), ['email'])
  })

  test('company name and trade name: {label} -> {status}')
    .with([
      { label: 'name of 1', company: { name: 'A' }, status: 422, field: 'company.name' },
      { label: 'name of 2', company: { name: 'AB' }, status: 201 },
      { label: 'name of 255', company: { name: 'A'.repeat(255) }, status: 201 },
      {
        label: 'name of 256',
        company: { name: 'A'.repeat(256) },
        status: 422,
        field: 'company.name',
      },
      {
        label: 'trade name of 255',
        company: { name: 'AB', tradeName: 'T'.repeat(255) },
        status: 201,
      },
      {
        label: 'trade name of 256',
        company: { name: 'AB', tradeName: 'T'.repeat(256) },
        status: 422,
        field: 'company.tradeName',
      },
    ])
    .run(async ({ client, assert }, { company, status, field }) => {
      const response = await client.post(REGISTER).json({
        name: 'Owner Person',
        email: freshEmail(),
        password: 'pass-word-1',
        company: { ...company, document: '11.222.333/0001-81' },
      })
      response.assertStatus(status)
      if (field) assert.deepEqual(fieldsOf(response.body()), [field])
    })

  test('a CNPJ claimed first locks nobody out: a second registration is another claim', async ({
    client,
    assert,
  }) => {
    const body = (email: string) => ({
      name: 'Owner Person',
      email,
      password: 'pass-word-1',
      company: { name: 'First Ltda', document: '11.222.333/0001-81' },
    })
    ;(await client.post(REGISTER).json(body(freshEmail()))).assertStatus(201)
    const second = await client.post(REGISTER).json(body(freshEmail()))
    second.assertStatus(201)
    const claims = await Company.query().where('document', '11222333000181')
    assert.deepEqual(
      claims.map((company) => company.documentStatus),
      ['claimed', 'claimed']
    )
  })
})

test.group('Auth / login and refresh: field limits and credentials', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('login password: 128 characters are checked (401), 129 refused unchecked (422)', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const checked = await client.post(LOGIN).json({ email: user.email, password: 'x'.repeat(128) })
    checked.assertStatus(401)
    const refused = await client.post(LOGIN).json({ email: user.email, password: 'x'.repeat(129) })
    refused.assertStatus(422)
    assert.deepEqual(fieldsOf(refused.body()), ['password'])
  })

  test('login e-mail is trimmed and lowercased', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .post(LOGIN)
      .json({ email: `  ${user.email.toUpperCase()}  `, password: FACTORY_PASSWORD })
    response.assertStatus(200)
  })

  test('the timing dummy password opens nothing: an account without password, an unknown e-mail', async ({
    client,
  }) => {
    const passwordless = await UserFactory.apply('withoutPassword').create()
    for (const email of [passwordless.email, 'nobody-here@example.test']) {
      const response = await client
        .post(LOGIN)
        .json({ email, password: 'dummy-password-for-timing' })
      response.assertStatus(401)
      response.assertBodyContains({ code: 'E_INVALID_CREDENTIALS' })
    }
  })

  test('the right password opens, a near miss does not', async ({ client }) => {
    const user = await UserFactory.create()
    ;(
      await client.post(LOGIN).json({ email: user.email, password: `${FACTORY_PASSWORD}x` })
    ).assertStatus(401)
    ;(
      await client.post(LOGIN).json({ email: user.email, password: FACTORY_PASSWORD })
    ).assertStatus(200)
  })

  test('refresh token: {length} characters -> {status}')
    .with([
      { length: 15, status: 422 },
      { length: 16, status: 401 },
      { length: 256, status: 401 },
      { length: 257, status: 422 },
    ])
    .run(async ({ client, assert }, { length, status }) => {
      const response = await client.post(REFRESH).json({ refreshToken: 'r'.repeat(length) })
      response.assertStatus(status)
      if (status === 422) assert.deepEqual(fieldsOf(response.body()), ['refreshToken'])
    })

  test('a refresh token padded with spaces is trimmed before the lookup', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const login = await client.post(LOGIN).json({ email: user.email, password: FACTORY_PASSWORD })
    const response = await client
      .post(REFRESH)
      .json({ refreshToken: `  ${login.body().data.refreshToken}  ` })
    response.assertStatus(200)
    assert.exists(response.body().data.accessToken)
    assert.isTrue(await hash.verify((await User.findOrFail(user.id)).password!, FACTORY_PASSWORD))
  })
})
