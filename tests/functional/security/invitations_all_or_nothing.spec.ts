import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import InviteCompanyMember from '#actions/companies/invite_company_member'
import InviteTeamMember from '#actions/team/invite_team_member'
import type Company from '#models/company'
import type User from '#models/user'
import { CompanyFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import { withCnpjCheckDigits, withCpfCheckDigits } from '#support/documents'
import { companyWithOwner } from '#tests/support/tenancy'
import { type Cleanup, refuseWrites } from '#tests/support/injected_writes'

const CNPJ = withCnpjCheckDigits('623456780001')
const CPF = withCpfCheckDigits('623456789')
const ADDRESS = 'convidada.atomica@example.test'

/** What an invitation may write: accounts, companies, memberships, invitations, notices, e-mails */
const TABLES = [
  'users',
  'companies',
  'company_members',
  'user_invitations',
  'notifications',
  'deliveries',
]

async function footprint() {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    counts[table] = Number((await db.from(table).count('* as count'))[0].count)
  }
  return counts
}

/**
 * Committed rows (these groups run outside the rolled-back global
 * transaction), removed after the test with whatever the invitation
 * left: under the test's address and CNPJ (the memberships, invitations
 * and notices go with them, by cascade), and the e-mails queued since.
 */
async function committedBorrower(cleanup: Cleanup) {
  const earlierMails = (await db.from('deliveries').select('id')).map((row) => row.id)
  const { company: borrower, owner } = await companyWithOwner()
  cleanup(async () => {
    await db.from('deliveries').whereNotIn('id', earlierMails).delete()
    await db.from('companies').where('id', borrower.id).orWhere('document', CNPJ).delete()
    await db.from('users').where('id', owner.id).orWhere('email', ADDRESS).delete()
  })
  return { borrower, owner }
}

/** The invitation e-mail cannot be queued: a trigger of the test refuses every delivery */
const refuseDeliveries = (cleanup: Cleanup) =>
  refuseWrites(cleanup, { table: 'deliveries' }, 'the e-mail cannot be queued')

type Invite = (borrower: Company, owner: User) => Promise<unknown>

const companyMember: Invite = async (company, owner) =>
  (await app.container.make(InviteCompanyMember)).handle(company, owner, {
    email: ADDRESS,
    name: 'Convidada Atômica',
    role: 'user',
  })

const teamMember: Invite = async (borrower, owner) =>
  (await app.container.make(InviteTeamMember)).handle(borrower, owner, {
    document: CNPJ,
    name: 'Atômica Serviços Ltda',
    legalRepresentative: { cpf: CPF, name: 'Convidada Atômica', email: ADDRESS },
  })

const OUTCOMES = [
  { label: 'POST /company/members, a new address', invite: companyMember, given: 'none' },
  { label: 'POST /company/members, an account', invite: companyMember, given: 'account' },
  { label: 'POST /team, a new address and CNPJ', invite: teamMember, given: 'none' },
  { label: 'POST /team, a new address, a proven CNPJ', invite: teamMember, given: 'holder' },
  { label: 'POST /team, an account elsewhere', invite: teamMember, given: 'account' },
] as const

/** The borrower, and the account or the proven company of the address and CNPJ invited */
async function world(given: (typeof OUTCOMES)[number]['given'], cleanup: Cleanup) {
  const { borrower, owner } = await committedBorrower(cleanup)
  if (given === 'account') await UserFactory.merge({ email: ADDRESS }).create()
  if (given === 'holder') {
    await CompanyFactory.merge({ document: CNPJ, documentStatus: 'verified' }).create()
  }
  return { borrower, owner }
}

/**
 * An invitation is one transaction: the account it creates, the
 * company and memberships of an E4 registration, the invitation, the
 * notices and the e-mail are written together or not at all. Here the
 * e-mail, written last, cannot be queued: every outcome of both ways to
 * invite leaves the database as it was.
 */
test.group('Security / an invitation is all or nothing', () => {
  test('{label}: the e-mail cannot be queued, nothing is left')
    .with([...OUTCOMES])
    .run(async ({ assert, cleanup }, { invite, given }) => {
      const { borrower, owner } = await world(given, cleanup)
      await refuseDeliveries(cleanup)
      const before = await footprint()

      await assert.rejects(() => invite(borrower, owner), /injected: the e-mail cannot be queued/)
      assert.deepEqual(await footprint(), before)
    })
})

/**
 * Every read and write of an invitation goes through its transaction, on
 * the one connection the transaction holds: with every other connection
 * of the pool busy, it still completes. One that asked the pool for a
 * second connection would wait for it (the pool's deadlock under load),
 * here until the test's timeout.
 */
test.group('Security / an invitation runs on one connection', (group) => {
  group.tap((one) => one.timeout(5_000))

  test('{label}: it completes with the rest of the pool busy')
    .with([...OUTCOMES])
    .run(async ({ assert, cleanup }, { invite, given }) => {
      const { borrower, owner } = await world(given, cleanup)
      const before = await footprint()

      const { pool } = db.getRawConnection('postgres')!.config as { pool: { max: number } }
      const busy = []
      try {
        while (busy.length < pool.max - 1) busy.push(await db.transaction())
        await invite(borrower, owner)
      } finally {
        for (const trx of busy) await trx.rollback()
      }
      const after = await footprint()
      assert.equal(after.user_invitations - before.user_invitations, 1)
      assert.equal(after.deliveries - before.deliveries, 1)
    })
})
