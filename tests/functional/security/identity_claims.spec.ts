import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import Company from '#models/company'
import CompanyDocumentEvent from '#models/company_document_event'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import { withCnpjCheckDigits, withCpfCheckDigits } from '#support/documents'
import { companyWithOwner } from '#tests/support/tenancy'
import { mailsTo } from '#tests/support/event_notifications'

/**
 * A CPF or CNPJ typed by anyone is a claim: it routes no invitation and
 * locks nobody out; only the typed e-mail address receives one, and a CNPJ
 * becomes a company's when proved (docs/security.md, "Identity").
 */

const VICTIM_CPF = withCpfCheckDigits('271828182')
const VICTIM_CNPJ = withCnpjCheckDigits('918273640001')
const VICTIM_EMAIL = 'victor@victim.test'

async function verifiedBorrower() {
  const { company, owner } = await companyWithOwner()
  await company.merge({ documentStatus: 'verified' }).save()
  return { acme: company, acmeOwner: owner }
}

/** Eve registers over HTTP, with a company when given its CNPJ */
async function registerEve(client: ApiClient, companyDocument?: string) {
  const response = await client.post('/api/v1/auth/register').json({
    name: 'Eve Squatter',
    email: 'eve@squatter.test',
    password: 'eve-password-1',
    ...(companyDocument ? { company: { name: 'Eve Ltda', document: companyDocument } } : {}),
  })
  response.assertStatus(201)
  return User.findByOrFail('email', 'eve@squatter.test')
}

function inviteVictim(client: ApiClient, borrower: Company, as: User, document: string) {
  return client
    .post('/api/v1/team')
    .json({
      document,
      name: 'Victor Victim Ltda',
      legalRepresentative: { cpf: VICTIM_CPF, name: 'Victor Victim', email: VICTIM_EMAIL },
    })
    .header('x-company-id', borrower.id)
    .loginAs(as)
}

async function acceptFrom(client: ApiClient, email: string, assert: Assert) {
  const mails = await mailsTo(email)
  assert.lengthOf(mails, 1)
  const link = /href="([^"]+)"/.exec(mails[0].html)![1].replaceAll('&amp;', '&')
  const token = new URL(link).searchParams.get('token')!
  const accepted = await client
    .post('/api/v1/auth/invitations/accept')
    .json({ token, password: 'victor-password-1' })
  accepted.assertStatus(200)
  return User.findByOrFail('email', VICTIM_EMAIL)
}

async function rolesOf(user: User) {
  const rows = await CompanyMember.query().where('user_id', user.id)
  return rows.map(({ companyId, role }) => ({ companyId, role }))
}

async function eventsOf(document: string) {
  const events = await CompanyDocumentEvent.query().where('document', document)
  return events.map(({ companyId, event, proof }) => ({ companyId, event, proof }))
}

test.group('Security / identity: a CPF typed on a profile routes nothing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the invitation reaches only the typed address; the CPF claimer gains nothing', async ({
    client,
    assert,
  }) => {
    const { acme, acmeOwner } = await verifiedBorrower()
    const eve = await registerEve(client)
    const claim = await client
      .put('/api/v1/users/me')
      .json({ name: 'Eve Squatter', cpf: VICTIM_CPF })
      .loginAs(eve)
    claim.assertStatus(200)

    const response = await inviteVictim(client, acme, acmeOwner, VICTIM_CNPJ)
    response.assertStatus(201)
    assert.equal(response.body().user.email, VICTIM_EMAIL)
    assert.lengthOf(await mailsTo(eve.email), 0)

    const victor = await acceptFrom(client, VICTIM_EMAIL, assert)
    assert.deepEqual(await rolesOf(eve), [])
    const company = await Company.findByOrFail('document', VICTIM_CNPJ)
    assert.sameDeepMembers(await rolesOf(victor), [
      { companyId: acme.id, role: 'provider' },
      { companyId: company.id, role: 'owner' },
    ])
  })
})

test.group('Security / identity: a CNPJ is a claim until proved', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a squatter registering the CNPJ first receives nothing and loses the claim', async ({
    client,
    assert,
  }) => {
    const { acme, acmeOwner } = await verifiedBorrower()
    const eve = await registerEve(client, VICTIM_CNPJ)
    const eveCompany = await Company.findByOrFail('document', VICTIM_CNPJ)
    assert.equal(eveCompany.documentStatus, 'claimed')

    const response = await inviteVictim(client, acme, acmeOwner, VICTIM_CNPJ)
    response.assertStatus(201)
    assert.notEqual(response.body().company.id, eveCompany.id)
    assert.lengthOf(await mailsTo(eve.email), 0)

    const victor = await acceptFrom(client, VICTIM_EMAIL, assert)
    const [victorsCompany] = await Company.query()
      .where('document', VICTIM_CNPJ)
      .whereNot('id', eveCompany.id)
    assert.equal(victorsCompany.documentStatus, 'verified')
    await eveCompany.refresh()
    assert.equal(eveCompany.documentStatus, 'revoked')
    assert.sameDeepMembers(await eventsOf(VICTIM_CNPJ), [
      { companyId: victorsCompany.id, event: 'verified', proof: 'invitation' },
      { companyId: eveCompany.id, event: 'revoked', proof: 'invitation' },
    ])
    assert.deepEqual(await rolesOf(eve), [{ companyId: eveCompany.id, role: 'owner' }])
    assert.includeDeepMembers(await rolesOf(victor), [{ companyId: acme.id, role: 'provider' }])
  })

  test('the real company registers after a squatter: both are claims, nobody is locked out', async ({
    client,
    assert,
  }) => {
    await registerEve(client, VICTIM_CNPJ)
    const real = await client.post('/api/v1/auth/register').json({
      name: 'Victor Victim',
      email: VICTIM_EMAIL,
      password: 'victor-password-1',
      company: { name: 'Victor Victim Ltda', document: VICTIM_CNPJ },
    })
    real.assertStatus(201)
    const claims = await Company.query().where('document', VICTIM_CNPJ)
    assert.deepEqual(
      claims.map((company) => company.documentStatus),
      ['claimed', 'claimed']
    )
  })

  test('an unverified borrower cannot prove a CNPJ by inviting its own second mailbox', async ({
    client,
    assert,
  }) => {
    const { company: realClaim } = await companyWithOwner()
    const { company: shell, owner: mallory } = await companyWithOwner()
    ;(await inviteVictim(client, shell, mallory, realClaim.document)).assertStatus(201)
    await acceptFrom(client, VICTIM_EMAIL, assert)

    const claims = await Company.query().where('document', realClaim.document)
    assert.deepEqual(
      claims.map((company) => company.documentStatus),
      ['claimed', 'claimed']
    )
    assert.deepEqual(await eventsOf(realClaim.document), [])
  })

  test('a verified company accepted through a mailbox that does not own it: disputed, not linked', async ({
    client,
    assert,
  }) => {
    const { acme, acmeOwner } = await verifiedBorrower()
    const { company: holder, owner: holderOwner } = await companyWithOwner()
    await holder.merge({ documentStatus: 'verified' }).save()

    const response = await inviteVictim(client, acme, acmeOwner, holder.document)
    response.assertStatus(201)
    assert.notEqual(response.body().company.id, holder.id)
    assert.lengthOf(await mailsTo(holderOwner.email), 0)

    const victor = await acceptFrom(client, VICTIM_EMAIL, assert)
    assert.deepEqual(await rolesOf(victor), [{ companyId: acme.id, role: 'provider' }])
    await holder.refresh()
    assert.equal(holder.documentStatus, 'verified')
    const [dispute] = await CompanyDocumentEvent.query().where('document', holder.document)
    assert.deepInclude(dispute.$attributes, {
      companyId: holder.id,
      event: 'disputed',
      proof: 'invitation',
      claimantUserId: victor.id,
    })
  })

  test('an operator transfers a CNPJ with an audit entry; bad input changes nothing', async ({
    assert,
  }) => {
    const { company: squatter } = await companyWithOwner()
    await squatter.merge({ documentStatus: 'verified' }).save()
    const { company: real } = await companyWithOwner()
    await real.merge({ document: squatter.document }).save()

    const missingNote = await ace.exec('companies:document', [
      squatter.document,
      `--verify=${real.id}`,
    ])
    assert.equal(missingNote.exitCode, 1)
    const otherCnpj = await ace.exec('companies:document', [
      VICTIM_CNPJ,
      `--verify=${real.id}`,
      '--note=x',
    ])
    assert.equal(otherCnpj.exitCode, 1)
    await real.refresh()
    assert.equal(real.documentStatus, 'claimed')

    const decided = await ace.exec('companies:document', [
      squatter.document,
      `--verify=${real.id}`,
      '--note=Contrato social conferido',
    ])
    assert.equal(decided.exitCode, 0)
    await Promise.all([real.refresh(), squatter.refresh()])
    assert.equal(real.documentStatus, 'verified')
    assert.equal(squatter.documentStatus, 'revoked')
    const events = await CompanyDocumentEvent.query().where('document', real.document)
    assert.sameDeepMembers(
      events.map(({ companyId, event, proof, note }) => ({ companyId, event, proof, note })),
      [
        {
          companyId: real.id,
          event: 'verified',
          proof: 'operator',
          note: 'Contrato social conferido',
        },
        {
          companyId: squatter.id,
          event: 'revoked',
          proof: 'operator',
          note: 'Contrato social conferido',
        },
      ]
    )
  })
})
