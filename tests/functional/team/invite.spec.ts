import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import UserInvitation from '#models/user_invitation'
import { CompanyFactory } from '#database/factories/company_factory'
import { withCnpjCheckDigits, withCpfCheckDigits } from '#support/documents'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { legalProvider } from '#tests/support/hours'
import { freezeClock, restoreClock } from '#tests/support/clock'

const CNPJ = withCnpjCheckDigits('123456780001')
const CPF = withCpfCheckDigits('123456789')
const payload = (overrides: Record<string, unknown> = {}) => ({
  document: `${CNPJ.slice(0, 2)}.${CNPJ.slice(2, 5)}.${CNPJ.slice(5, 8)}/${CNPJ.slice(8, 12)}-${CNPJ.slice(12)}`,
  name: 'Gama Serviços Ltda',
  tradeName: 'Gama',
  legalRepresentative: { cpf: CPF, name: 'Gabriela Gama', email: 'Gabriela@Gama.test' },
  ...overrides,
})

test.group('Team / E4 register and invite a member', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock('2026-03-18T15:00:00.000Z'))
  group.each.teardown(() => emitter.restore())
  group.each.teardown(() => restoreClock())

  test('creates the company, the representative and an invitation; the token sets a password', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const events = emitter.fake(['team:member_invited'])
    const response = await client
      .post('/api/v1/team')
      .json(payload())
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    response.assertStatus(201)
    const { user, company } = response.body()
    assert.deepEqual(company.document, CNPJ)
    assert.equal(user.email, 'gabriela@gama.test')

    const memberships = await CompanyMember.query().where('user_id', user.id)
    assert.sameDeepMembers(
      memberships.map(({ companyId, role }) => ({ companyId, role })),
      [
        { companyId: company.id, role: 'owner' },
        { companyId: borrower.id, role: 'provider' },
      ]
    )
    const invitation = await UserInvitation.findByOrFail('userId', user.id)
    assert.equal(invitation.expiresAt.toUTC().toISO(), '2026-03-25T15:00:00.000Z')

    let acceptUrl = ''
    events.assertEmitted('team:member_invited', ({ data }) => {
      acceptUrl = data.acceptUrl
      return (
        data.user.id === user.id && data.company.id === company.id && data.invitedBy.id === owner.id
      )
    })
    const token = new URL(acceptUrl).searchParams.get('token')!
    assert.notEqual(invitation.tokenHash, token)

    const accepted = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'new-password-1' })
    accepted.assertStatus(200)
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: 'gabriela@gama.test', password: 'new-password-1' })
    login.assertStatus(200)

    const reused = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'other-password-1' })
    reused.assertStatus(400)
  })

  test('an expired or unknown token gets 400; a short password 422', async ({ client }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const events = emitter.fake(['team:member_invited'])
    await client
      .post('/api/v1/team')
      .json(payload())
      .header('x-company-id', borrower.id)
      .loginAs(owner)
    let token = ''
    events.assertEmitted('team:member_invited', ({ data }) => {
      token = new URL(data.acceptUrl).searchParams.get('token')!
      return true
    })

    const short = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'x' })
    short.assertStatus(422)
    const unknown = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token: 'a'.repeat(43), password: 'new-password-1' })
    unknown.assertStatus(400)

    freezeClock('2026-03-26T15:00:00.000Z')
    const expired = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'new-password-1' })
    expired.assertStatus(400)
  })

  test('the three 400 rules, and nothing is created', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    await owner.merge({ cpf: CPF }).save()
    const beta = await legalProvider(borrower)
    const employee = await memberOf(borrower, 'user')

    const cases = [
      payload({ document: borrower.document }),
      payload({ legalRepresentative: { cpf: CPF, name: 'Mel', email: 'someone@else.test' } }),
      payload({
        legalRepresentative: {
          cpf: withCpfCheckDigits('987654321'),
          name: 'Mel',
          email: owner.email,
        },
      }),
      payload({ document: beta.company.document }),
      payload({
        legalRepresentative: {
          cpf: withCpfCheckDigits('987654321'),
          name: 'Emp',
          email: employee.email,
        },
      }),
    ]
    for (const body of cases) {
      const response = await client
        .post('/api/v1/team')
        .json(body)
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      assert.equal(response.status(), 400, JSON.stringify([body, response.body()]))
    }
    assert.isNull(await Company.findBy('document', CNPJ))
    assert.isNull(await User.findBy('email', 'gabriela@gama.test'))
  })

  test('a CNPJ another company claims or proved gets 201; the typed address is invited', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const existing = await CompanyFactory.merge({ document: CNPJ }).create()
    for (const status of ['claimed', 'verified'] as const) {
      await existing.merge({ documentStatus: status }).save()
      const response = await client
        .post('/api/v1/team')
        .json(payload())
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      response.assertStatus(201)
      assert.notEqual(response.body().company.id, existing.id)
      const invitee = await User.findByOrFail('email', 'gabriela@gama.test')
      assert.equal(response.body().user.id, invitee.id)
      assert.isFalse(await CompanyMember.isOwner(existing.id, invitee.id))
      await CompanyMember.query().where('user_id', invitee.id).delete()
      await invitee.delete()
    }
  })

  test('invalid CNPJ or CPF gets 422 and nothing is created', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    for (const body of [
      payload({ document: '12.345.678/0001-00' }),
      payload({ legalRepresentative: { cpf: '123.456.789-00', name: 'G', email: 'g@g.test' } }),
      payload({ legalRepresentative: { cpf: CPF, name: 'G', email: 'not-an-email' } }),
    ]) {
      const response = await client
        .post('/api/v1/team')
        .json(body)
        .header('x-company-id', borrower.id)
        .loginAs(owner)
      response.assertStatus(422)
    }
    assert.isNull(await Company.findBy('document', CNPJ))
  })

  test('a provider gets 403', async ({ client }) => {
    const { company: borrower } = await companyWithOwner()
    const provider = await memberOf(borrower, 'provider')
    const response = await client
      .post('/api/v1/team')
      .json(payload())
      .header('x-company-id', borrower.id)
      .loginAs(provider)
    response.assertStatus(403)
  })
})
