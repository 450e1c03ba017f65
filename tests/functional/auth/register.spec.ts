import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import { UserFactory } from '#database/factories/user_factory'

const VALID_CNPJ = '11.222.333/0001-81'

test.group('Auth / register', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creates a user and their company with the user as owner', async ({ client, assert }) => {
    const response = await client.post('/api/v1/auth/register').json({
      name: 'Maria Silva',
      email: 'Maria@Example.test',
      password: 'a-strong-pass',
      company: { name: 'Maria Serviços Ltda', tradeName: 'Maria', document: VALID_CNPJ },
    })

    response.assertStatus(201)
    const { user, company } = response.body().data
    assert.equal(user.email, 'maria@example.test')
    assert.equal(company.document, '11222333000181')

    const membership = await CompanyMember.query()
      .where('user_id', user.id)
      .where('company_id', company.id)
      .firstOrFail()
    assert.equal(membership.role, 'owner')
    const stored = await User.findOrFail(user.id)
    assert.notEqual(stored.password, 'a-strong-pass')
    assert.match(stored.password!, /^\$scrypt\$/)
  })

  test('creates a user without a company', async ({ client }) => {
    const response = await client
      .post('/api/v1/auth/register')
      .json({ name: 'Solo', email: 'solo@example.test', password: 'a-strong-pass' })
    response.assertStatus(201)
    response.assertBodyContains({ data: { company: null } })
  })

  test('accepts an alphanumeric CNPJ', async ({ client }) => {
    const response = await client.post('/api/v1/auth/register').json({
      name: 'Alfa',
      email: 'alfa@example.test',
      password: 'a-strong-pass',
      company: { name: 'Alfa Ltda', document: '12.ABC.345/01DE-35' },
    })
    response.assertStatus(201)
    response.assertBodyContains({ data: { company: { document: '12ABC34501DE35' } } })
  })

  test('refuses bad input with 422 and creates nothing', async ({ client, assert }) => {
    const existing = await UserFactory.create()
    const cases = [
      [{}, 'name'],
      [{ name: 'X y', email: 'bad', password: 'a-strong-pass' }, 'email'],
      [{ name: 'X y', email: 'ok@example.test', password: 'short' }, 'password'],
      [{ name: 'X y', email: existing.email, password: 'a-strong-pass' }, 'email'],
      [
        {
          name: 'X y',
          email: 'ok@example.test',
          password: 'a-strong-pass',
          company: { name: 'Bad Ltda', document: '11.222.333/0001-82' },
        },
        'company.document',
      ],
    ] as const

    for (const [body, field] of cases) {
      const response = await client.post('/api/v1/auth/register').json(body)
      response.assertStatus(422)
      assert.include(
        response.body().errors.map((error: { field: string }) => error.field),
        field
      )
    }
    assert.lengthOf(await User.query().whereNot('id', existing.id), 0)
    assert.lengthOf(await Company.all(), 0)
  })
})
