import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import Company from '#models/company'
import User from '#models/user'
import UserInvitation from '#models/user_invitation'
import { MEMBER_ROLES } from '#enums/roles'
import { CompanyFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import { withCnpjCheckDigits, withCpfCheckDigits } from '#support/documents'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { legalProvider } from '#tests/support/hours'

const CNPJ = withCnpjCheckDigits('223456780001')
const CPF = withCpfCheckDigits('223456789')
const INVITER_CPF = withCpfCheckDigits('323456789')
const NEW_ADDRESS = 'representante@nova.test'

const BORROWER_ITSELF = 'A empresa não pode ser a própria contratante'
const CURRENT_USER = 'O representante legal não pode ser o usuário atual'
const ALREADY_LINKED = 'Membro já vinculado a esta empresa'

const body = (overrides: { document?: string; cpf?: string; email?: string } = {}) => ({
  document: overrides.document ?? CNPJ,
  name: 'Delta Serviços Ltda',
  legalRepresentative: {
    cpf: overrides.cpf ?? CPF,
    name: 'Dora Delta',
    email: overrides.email ?? NEW_ADDRESS,
  },
})

/** A borrower whose owner (the inviter) has a CPF and an address stored with capitals */
async function borrowerAndInviter() {
  const { company: borrower, owner } = await companyWithOwner()
  await db
    .from('users')
    .where('id', owner.id)
    .update({ cpf: INVITER_CPF, email: 'Olivia.Dona@Acme.test' })
  await owner.refresh()
  return { borrower, owner }
}

function postTeam(client: ApiClient, borrower: Company, owner: User, payload: object) {
  return client
    .post('/api/v1/team')
    .json(payload)
    .header('x-company-id', borrower.id)
    .loginAs(owner)
}

/** What an E4 request may have created: accounts, companies, invitations, deliveries (e-mails) */
async function footprint() {
  const counts: number[] = []
  for (const table of ['users', 'companies', 'user_invitations', 'deliveries']) {
    counts.push(Number((await db.from(table).count('* as count'))[0].count))
  }
  const [users, companies, invitations, deliveries] = counts
  return { users, companies, invitations, deliveries }
}

/**
 * E4's refusals, each with its own message, and nothing created: the
 * borrower's own CNPJ; the inviter as representative (by CPF, or by the
 * address whatever its capitals); a proven company already in a contract
 * of the borrower; an address whose account already belongs to the
 * borrower, in any role.
 */
test.group('Team / E4 refusals', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{label}: 400 "{message}", nothing created')
    .with([
      { label: "the borrower's own CNPJ", case: 'own document', message: BORROWER_ITSELF },
      { label: "the inviter's CPF", case: 'inviter cpf', message: CURRENT_USER },
      { label: "the inviter's address", case: 'inviter email', message: CURRENT_USER },
      {
        label: 'a proven company in a contract of the borrower',
        case: 'linked holder',
        message: ALREADY_LINKED,
      },
    ] as const)
    .run(async ({ client, assert }, { case: which, message }) => {
      const { borrower, owner } = await borrowerAndInviter()
      let payload = body()
      if (which === 'own document') payload = body({ document: borrower.document })
      if (which === 'inviter cpf') payload = body({ cpf: INVITER_CPF })
      if (which === 'inviter email') payload = body({ email: 'olivia.dona@acme.test' })
      if (which === 'linked holder') {
        const provider = await legalProvider(borrower)
        await provider.company.merge({ documentStatus: 'verified' }).save()
        payload = body({ document: provider.company.document })
      }
      const before = await footprint()
      const response = await postTeam(client, borrower, owner, payload)
      response.assertStatus(400)
      assert.equal(response.body().message, message)
      assert.deepEqual(await footprint(), before)
    })

  test(
    'an address whose account is already a member ({$self}) of the borrower: 400, nothing created'
  )
    .with([...MEMBER_ROLES])
    .run(async ({ client, assert }, role) => {
      const { borrower, owner } = await borrowerAndInviter()
      const member = await memberOf(borrower, role)
      const before = await footprint()
      const response = await postTeam(client, borrower, owner, body({ email: member.email }))
      response.assertStatus(400)
      assert.equal(response.body().message, ALREADY_LINKED)
      assert.deepEqual(await footprint(), before)
    })
})

/**
 * What E4 does when nothing refuses: an account of the address elsewhere
 * is only invited (the company to create, or the proven one, named on the
 * invitation); a new address with a proven CNPJ is a new person invited
 * to that company; otherwise the person and the company are registered.
 */
test.group('Team / E4 outcomes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{label}')
    .with([
      {
        label: 'an account elsewhere, a new CNPJ: invited to the company it would create',
        account: true,
        proven: false,
      },
      {
        label: 'an account elsewhere, a proven CNPJ: invited to the proven company',
        account: true,
        proven: true,
      },
      {
        label: 'a new address, a proven CNPJ: a new person invited to the proven company',
        account: false,
        proven: true,
      },
      {
        label: 'a new address, a new CNPJ: person and company registered',
        account: false,
        proven: false,
      },
    ])
    .run(async ({ client, assert }, { account, proven }) => {
      const { borrower, owner } = await borrowerAndInviter()
      const holder = proven
        ? await CompanyFactory.merge({ document: CNPJ, documentStatus: 'verified' }).create()
        : null
      if (account) await UserFactory.merge({ email: NEW_ADDRESS }).create()
      const before = await footprint()

      const response = await postTeam(client, borrower, owner, body())
      response.assertStatus(201)
      const invitee = await User.findByOrFail('email', NEW_ADDRESS)
      const invitation = await UserInvitation.findByOrFail('userId', invitee.id)
      assert.equal(invitation.companyId, borrower.id)
      assert.equal(invitation.invitedBy, owner.id)
      assert.equal(invitation.role, 'provider')
      const after = await footprint()
      assert.equal(after.users - before.users, account ? 0 : 1)
      assert.equal(after.invitations - before.invitations, 1)
      assert.equal(after.deliveries - before.deliveries, 1)
      if (holder) {
        assert.equal(invitation.providerCompanyId, holder.id)
        assert.isNull(invitation.newCompany)
        assert.equal(after.companies, before.companies)
      } else if (account) {
        assert.isNull(invitation.providerCompanyId)
        assert.deepEqual(invitation.newCompany, {
          name: 'Delta Serviços Ltda',
          tradeName: null,
          document: CNPJ,
        })
        assert.equal(after.companies, before.companies)
      } else {
        const company = await Company.findByOrFail('document', CNPJ)
        assert.equal(invitation.providerCompanyId, company.id)
        assert.isNull(invitation.newCompany)
        assert.equal(after.companies - before.companies, 1)
      }
    })
})
