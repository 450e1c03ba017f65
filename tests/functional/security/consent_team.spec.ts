import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import UserInvitation from '#models/user_invitation'
import { CompanyFactory } from '#database/factories/company_factory'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { withCnpjCheckDigits, withCpfCheckDigits } from '#support/documents'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { mailsTo, notificationsOf } from '#tests/support/event_notifications'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { INVALID_INVITATION } from '#tests/support/invitations'

/**
 * Team consent (E4): nobody joins a tenant without
 * consent, and an e-mail belongs to whoever proves control of the mailbox.
 */

const CNPJ = withCnpjCheckDigits('765432100001')
const CPF = withCpfCheckDigits('314159265')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const invite = (
  representative: { cpf?: string; name?: string; email?: string },
  document = CNPJ
) => ({
  document,
  name: 'Fachada Serviços Ltda',
  tradeName: 'Fachada',
  legalRepresentative: {
    cpf: CPF,
    name: 'Nome Enviado',
    email: 'enviado@stranger.test',
    ...representative,
  },
})

/** A stranger: a company that just registered, and its owner */
async function stranger() {
  const { company, owner } = await companyWithOwner()
  return { stranger: company, attacker: owner }
}

async function postTeam(client: ApiClient, borrower: Company, as: User, body: object) {
  return client.post('/api/v1/team').json(body).header('x-company-id', borrower.id).loginAs(as)
}

async function rolesOf(user: User) {
  const memberships = await CompanyMember.query().where('user_id', user.id)
  return memberships.map(({ companyId, role }) => ({ companyId, role }))
}

/** The token of the (only) invitation e-mail queued to the address */
async function invitationToken(email: string, assert: Assert) {
  const mails = await mailsTo(email)
  assert.lengthOf(mails, 1)
  const link = /href="([^"]+)"/.exec(mails[0].html)![1].replaceAll('&amp;', '&')
  return new URL(link).searchParams.get('token')!
}

async function providerMemberIds(client: ApiClient, borrower: Company, as: User) {
  const response = await client
    .get('/api/v1/company/members')
    .qs({ role: 'provider' })
    .header('x-company-id', borrower.id)
    .loginAs(as)
  response.assertStatus(200)
  return response.body().data.map((member: { userId: string }) => member.userId)
}

test.group('Security / consent: E4 never links an existing account', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an existing user e-mail: 201 echoing what was sent, no membership, no company', async ({
    client,
    assert,
  }) => {
    const { company: acme, owner: victim } = await companyWithOwner()
    const { stranger: shell, attacker } = await stranger()
    const before = await rolesOf(victim)

    const response = await postTeam(client, shell, attacker, invite({ email: victim.email }))
    response.assertStatus(201)
    const body = response.body()
    assert.deepEqual(Object.keys(body).sort(), ['company', 'user'])
    assert.deepEqual(body.user, {
      id: body.user.id,
      name: 'Nome Enviado',
      email: victim.email.toLowerCase(),
    })
    assert.deepEqual(body.company, {
      id: body.company.id,
      name: 'Fachada Serviços Ltda',
      document: CNPJ,
    })
    assert.match(body.user.id, UUID)
    assert.notEqual(body.user.id, victim.id)
    assert.isNull(await User.find(body.user.id))
    assert.isNull(await Company.find(body.company.id))
    assert.notInclude(JSON.stringify(body), victim.name)

    assert.deepEqual(await rolesOf(victim), before)
    assert.deepEqual(before, [{ companyId: acme.id, role: 'owner' }])
    assert.isNull(await Company.findBy('document', CNPJ))
    assert.notInclude(await providerMemberIds(client, shell, attacker), victim.id)
    const detail = await client
      .get(`/api/v1/team/${victim.id}`)
      .header('x-company-id', shell.id)
      .loginAs(attacker)
    detail.assertStatus(404)
  })

  test('an existing user CPF with another e-mail routes nothing: the typed address is invited', async ({
    client,
    assert,
  }) => {
    const { owner: victim } = await companyWithOwner()
    const { stranger: shell, attacker } = await stranger()
    const before = await rolesOf(victim)

    const response = await postTeam(
      client,
      shell,
      attacker,
      invite({ cpf: victim.cpf!, email: 'laranja@stranger.test' })
    )
    response.assertStatus(201)
    assert.equal(response.body().user.email, 'laranja@stranger.test')
    assert.notEqual(response.body().user.id, victim.id)

    assert.deepEqual(await rolesOf(victim), before)
    assert.lengthOf(await mailsTo(victim.email), 0)
    const [mail, ...others] = await mailsTo('laranja@stranger.test')
    assert.lengthOf(others, 0)
    assert.include(mail.html, '/invitations/accept?token=')
  })

  test('an existing company document routes nothing: no owner is asked, the typed address is', async ({
    client,
    assert,
  }) => {
    const { company: acme, owner } = await companyWithOwner()
    await acme.merge({ documentStatus: 'verified' }).save()
    const coOwner = await memberOf(acme, 'owner')
    const { stranger: shell, attacker } = await stranger()

    const response = await postTeam(
      client,
      shell,
      attacker,
      invite({ email: 'quem@stranger.test' }, acme.document)
    )
    response.assertStatus(201)
    assert.deepEqual(response.body().company, {
      id: response.body().company.id,
      name: 'Fachada Serviços Ltda',
      document: acme.document,
    })
    assert.notEqual(response.body().company.id, acme.id)
    assert.isNull(await Company.find(response.body().company.id))

    const inShell = await CompanyMember.query().where('company_id', shell.id)
    assert.deepEqual(
      inShell.map((member) => member.userId),
      [attacker.id]
    )
    assert.lengthOf(await mailsTo(owner.email), 0)
    assert.lengthOf(await mailsTo(coOwner.email), 0)
    assert.lengthOf(await mailsTo('quem@stranger.test'), 1)
  })
})

test.group('Security / consent: only acceptance links', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  test('the invited user accepts with the token: provider membership and the new company', async ({
    client,
    assert,
  }) => {
    const { company: acme, owner: victim } = await companyWithOwner()
    const { stranger: borrower, attacker: inviter } = await stranger()
    const response = await postTeam(client, borrower, inviter, invite({ email: victim.email }))
    response.assertStatus(201)
    assert.notInclude(await providerMemberIds(client, borrower, inviter), victim.id)
    const token = await invitationToken(victim.email, assert)

    /** A verified account with a password: the token alone; a password sent is ignored */
    const accepted = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'ignored-password-1' })
    accepted.assertStatus(200)
    assert.equal(accepted.body().data.user.id, victim.id)

    const created = await Company.findByOrFail('document', CNPJ)
    assert.equal(created.name, 'Fachada Serviços Ltda')
    assert.sameDeepMembers(await rolesOf(victim), [
      { companyId: acme.id, role: 'owner' },
      { companyId: borrower.id, role: 'provider' },
      { companyId: created.id, role: 'owner' },
    ])
    assert.include(await providerMemberIds(client, borrower, inviter), victim.id)
    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: victim.email, password: FACTORY_PASSWORD })
    login.assertStatus(200)

    const told = await notificationsOf('user_invited')
    assert.deepEqual(
      told.map((row) => [row.userId, row.companyId, row.title]),
      [[inviter.id, borrower.id, 'Convite aceito']]
    )

    const reused = await client.post('/api/v1/auth/invitations/accept').json({ token })
    reused.assertStatus(400)
  })

  test('an owner of an invited company accepts: provider membership, no company created', async ({
    client,
    assert,
  }) => {
    const { company: acme, owner } = await companyWithOwner()
    await acme.merge({ documentStatus: 'verified' }).save()
    const { stranger: borrower, attacker: inviter } = await stranger()
    const companies = await Company.query().select('id')
    await postTeam(client, borrower, inviter, invite({ email: owner.email }, acme.document))
    const token = await invitationToken(owner.email, assert)

    const accepted = await client.post('/api/v1/auth/invitations/accept').json({ token })
    accepted.assertStatus(200)
    assert.sameDeepMembers(await rolesOf(owner), [
      { companyId: acme.id, role: 'owner' },
      { companyId: borrower.id, role: 'provider' },
    ])
    assert.lengthOf(await Company.query().select('id'), companies.length)
    const invitation = await UserInvitation.findByOrFail('userId', owner.id)
    assert.equal(invitation.providerCompanyId, acme.id)
  })
})

test.group('Security / consent: account pre-claiming', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an address registered by someone else goes to the token holder, who signs them out', async ({
    client,
    assert,
  }) => {
    const registered = await client.post('/api/v1/auth/register').json({
      name: 'Impostor',
      email: 'ceo@provider.test',
      password: 'impostor-pass-1',
    })
    registered.assertStatus(201)
    const preClaimer = await User.findByOrFail('email', 'ceo@provider.test')
    assert.isNull(preClaimer.emailVerifiedAt)
    const session = await client
      .post('/api/v1/auth/login')
      .json({ email: 'ceo@provider.test', password: 'impostor-pass-1' })
    session.assertStatus(200)
    const { accessToken, refreshToken } = session.body().data

    const { company: borrower, owner } = await companyWithOwner()
    const response = await postTeam(
      client,
      borrower,
      owner,
      invite({ email: 'ceo@provider.test', name: 'CEO Provider' })
    )
    response.assertStatus(201)
    assert.notEqual(response.body().user.id, preClaimer.id)
    assert.deepEqual(await rolesOf(preClaimer), [])
    assert.isNull(await Company.findBy('document', CNPJ))

    const token = await invitationToken('ceo@provider.test', assert)
    const withoutPassword = await client.post('/api/v1/auth/invitations/accept').json({ token })
    withoutPassword.assertStatus(422)
    assert.deepEqual(await rolesOf(preClaimer), [])

    const accepted = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'mailbox-owner-1' })
    accepted.assertStatus(200)
    const company = await Company.findByOrFail('document', CNPJ)
    assert.sameDeepMembers(await rolesOf(preClaimer), [
      { companyId: borrower.id, role: 'provider' },
      { companyId: company.id, role: 'owner' },
    ])
    await preClaimer.refresh()
    assert.isNotNull(preClaimer.emailVerifiedAt)

    const refreshed = await client.post('/api/v1/auth/refresh').json({ refreshToken })
    refreshed.assertStatus(401)
    const me = await client.get('/api/v1/users/me').bearerToken(accessToken)
    me.assertStatus(401)
    const oldPassword = await client
      .post('/api/v1/auth/login')
      .json({ email: 'ceo@provider.test', password: 'impostor-pass-1' })
    oldPassword.assertStatus(401)
    const newPassword = await client
      .post('/api/v1/auth/login')
      .json({ email: 'ceo@provider.test', password: 'mailbox-owner-1' })
    newPassword.assertStatus(200)
  })
})

test.group('Security / consent: bad acceptances', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  /** The answer to an account that must set a password (unproven) and sent none */
  const WITHOUT_PASSWORD = {
    code: 'E_VALIDATION_ERROR',
    message: 'O campo password deve ser informado para aceitar este convite',
    errors: [
      {
        field: 'password',
        rule: 'required',
        message: 'O campo password deve ser informado para aceitar este convite',
      },
    ],
  }

  /** An unverified account invited by a borrower: its token */
  async function pendingInvitation(client: ApiClient, assert: Assert) {
    const invitee = await UserFactory.apply('unverified').create()
    const { company: borrower, owner } = await companyWithOwner()
    const response = await postTeam(client, borrower, owner, invite({ email: invitee.email }))
    response.assertStatus(201)
    return { invitee, borrower, token: await invitationToken(invitee.email, assert) }
  }

  test('unknown, used or expired token 400; missing or short password 422; nothing linked', async ({
    client,
    assert,
  }) => {
    freezeClock('2026-03-18T15:00:00.000Z')
    const { invitee, token } = await pendingInvitation(client, assert)
    const accept = (body: object) => client.post('/api/v1/auth/invitations/accept').json(body)
    const refused = async (body: object) => {
      const response = await accept(body)
      response.assertStatus(400)
      response.assertBody(INVALID_INVITATION)
    }

    ;(await accept({})).assertStatus(422)
    const withoutPassword = await accept({ token })
    withoutPassword.assertStatus(422)
    withoutPassword.assertBody(WITHOUT_PASSWORD)
    ;(await accept({ token, password: 'short1' })).assertStatus(422)
    await refused({ token: 'a'.repeat(43), password: 'new-password-1' })
    assert.deepEqual(await rolesOf(invitee), [])

    freezeClock('2026-03-26T15:00:00.000Z')
    await refused({ token, password: 'new-password-1' })
    assert.deepEqual(await rolesOf(invitee), [])

    freezeClock('2026-03-19T15:00:00.000Z')
    ;(await accept({ token, password: 'new-password-1' })).assertStatus(200)
    await refused({ token, password: 'new-password-2' })
    await refused({ token })
  })

  test('an account without a password, invited: accepting without one is 422 naming the password', async ({
    client,
    assert,
  }) => {
    const invitee = await UserFactory.apply('withoutPassword').create()
    const { company: borrower, owner } = await companyWithOwner()
    ;(await postTeam(client, borrower, owner, invite({ email: invitee.email }))).assertStatus(201)
    const token = await invitationToken(invitee.email, assert)

    const response = await client.post('/api/v1/auth/invitations/accept').json({ token })
    response.assertStatus(422)
    response.assertBody(WITHOUT_PASSWORD)
    assert.deepEqual(await rolesOf(invitee), [])
  })

  test('a CNPJ claimed meanwhile blocks nothing: the invitee company is another claim', async ({
    client,
    assert,
  }) => {
    const { invitee, token } = await pendingInvitation(client, assert)
    const squatter = await CompanyFactory.merge({ document: CNPJ }).create()

    const response = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'new-password-1' })
    response.assertStatus(200)
    const roles = await rolesOf(invitee)
    const owned = roles.find((role) => role.role === 'owner')!
    assert.notEqual(owned.companyId, squatter.id)
    const claims = await Company.query().where('document', CNPJ).orderBy('created_at')
    assert.sameMembers(
      claims.map((company) => company.id),
      [squatter.id, owned.companyId]
    )
  })

  test('a deleted account cannot be revived into a borrower through an old link', async ({
    client,
    assert,
  }) => {
    const { invitee, token } = await pendingInvitation(client, assert)
    ;(await client.delete('/api/v1/users/me/delete').loginAs(invitee)).assertStatus(204)

    const response = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'new-password-1' })
    response.assertStatus(400)
    assert.deepEqual(await rolesOf(invitee), [])
  })
})
