import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import CompanyMember from '#models/company_member'
import { MEMBER_ROLES, type MemberRole } from '#enums/roles'
import { CompanyFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { statementsOf } from '#tests/support/statements'

/** Ids that name nothing (fixed, not random) */
const NO_USER = '00000000-0000-4000-8000-000000000001'
const NO_COMPANY = '00000000-0000-4000-8000-000000000002'

const NOT_OWNER_ROLES = MEMBER_ROLES.filter((role) => role !== 'owner')

/** A company whose member with `roleThere` holds `roleInBorrower` in the borrower */
async function companyTiedBy(
  borrower: { id: string },
  roleThere: MemberRole,
  roleInBorrower: MemberRole
) {
  const { company, owner } = await companyWithOwner()
  const member = roleThere === 'owner' ? owner : await memberOf(company, roleThere)
  await CompanyMember.create({ companyId: borrower.id, userId: member.id, role: roleInBorrower })
  return company
}

/**
 * Consent: the parties a borrower may name (contract parts, signers,
 * custom messages) are those linked to it. A person is linked by any
 * membership in the borrower; a legal entity only through one of its
 * OWNERS holding a `provider` membership; the borrower itself is linked.
 * Anything else, existing elsewhere or nowhere, is unlinked alike. The
 * answer keeps the caller's order: companies, then users.
 */
test.group('Companies / the parties linked to a borrower', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a person with a membership of role {$self} is linked; one of another company is not')
    .with([...MEMBER_ROLES])
    .run(async ({ assert }, role) => {
      const { company: borrower } = await companyWithOwner()
      const member = await memberOf(borrower, role)
      const { owner: stranger } = await companyWithOwner()
      assert.deepEqual(
        await CompanyMember.unlinkedParties(borrower.id, { userIds: [member.id, stranger.id] }),
        [stranger.id]
      )
    })

  test("a company whose owner holds {$self} in the borrower: linked only when it is 'provider'")
    .with([...MEMBER_ROLES])
    .run(async ({ assert }, role) => {
      const { company: borrower } = await companyWithOwner()
      const company = await companyTiedBy(borrower, 'owner', role)
      assert.deepEqual(
        await CompanyMember.unlinkedParties(borrower.id, { companyIds: [company.id] }),
        role === 'provider' ? [] : [company.id]
      )
    })

  test("a company whose {$self} (not an owner) is the borrower's provider is not linked")
    .with(NOT_OWNER_ROLES)
    .run(async ({ assert }, role) => {
      const { company: borrower } = await companyWithOwner()
      const company = await companyTiedBy(borrower, role, 'provider')
      assert.deepEqual(
        await CompanyMember.unlinkedParties(borrower.id, { companyIds: [company.id] }),
        [company.id]
      )
    })

  test('both kinds in one call: companies then users, in the order and number given', async ({
    assert,
  }) => {
    const { company: borrower } = await companyWithOwner()
    const linkedCompany = await companyTiedBy(borrower, 'owner', 'provider')
    const { company: otherCompany } = await companyWithOwner()
    const linkedUser = await memberOf(borrower, 'user')
    const { owner: otherUser } = await companyWithOwner()

    const unlinked = await CompanyMember.unlinkedParties(borrower.id, {
      companyIds: [NO_COMPANY, linkedCompany.id, borrower.id, otherCompany.id, NO_COMPANY],
      userIds: [otherUser.id, linkedUser.id, NO_USER, otherUser.id],
    })
    assert.deepEqual(unlinked, [
      NO_COMPANY,
      otherCompany.id,
      NO_COMPANY,
      otherUser.id,
      NO_USER,
      otherUser.id,
    ])
  })

  test('the borrower itself is linked, alone or with others; no parties, nothing unlinked', async ({
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    assert.deepEqual(
      await CompanyMember.unlinkedParties(borrower.id, { companyIds: [borrower.id] }),
      []
    )
    assert.deepEqual(
      await CompanyMember.unlinkedParties(borrower.id, {
        companyIds: [borrower.id],
        userIds: [owner.id],
      }),
      []
    )
    assert.deepEqual(await CompanyMember.unlinkedParties(borrower.id, {}), [])
    assert.deepEqual(
      await CompanyMember.unlinkedParties(borrower.id, { companyIds: [], userIds: [] }),
      []
    )
  })
})

/**
 * The check costs one round trip at most, and asks only about the kinds
 * of parties named: none (the borrower alone is linked by definition) is
 * answered without asking the database.
 */
test.group('Companies / the linked parties cost one statement at most', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{label}')
    .with([
      { label: 'no parties: no statement', users: false, companies: false, borrower: false },
      { label: 'the borrower alone: no statement', users: false, companies: false, borrower: true },
      { label: 'persons only: one statement about persons', users: true, companies: false },
      { label: 'companies only: one statement about companies', users: false, companies: true },
      { label: 'both: one statement about both', users: true, companies: true, borrower: true },
    ])
    .run(async ({ assert }, { users, companies, borrower: itself }) => {
      const { company: borrower, owner } = await companyWithOwner()
      const { company: other } = await companyWithOwner()
      const parties = {
        userIds: users ? [owner.id, NO_USER] : [],
        companyIds: [...(companies ? [other.id] : []), ...(itself ? [borrower.id] : [])],
      }

      const sql = await statementsOf(() => CompanyMember.unlinkedParties(borrower.id, parties))
      const asks = sql.map((text) => ({
        users: text.includes(`'user' AS kind`),
        companies: text.includes(`'company' AS kind`),
      }))
      assert.deepEqual(asks, users || companies ? [{ users, companies }] : [])
    })
})

test.group('Companies / the linked parties read through the given transaction', () => {
  test('memberships written in it, not yet committed, link their parties', async ({ assert }) => {
    const trx = await db.transaction()
    try {
      const borrower = await CompanyFactory.client(trx).create()
      const company = await CompanyFactory.client(trx).create()
      const person = await UserFactory.client(trx).create()
      const owner = await UserFactory.client(trx).create()
      await CompanyMember.createMany(
        [
          { companyId: borrower.id, userId: person.id, role: 'user' },
          { companyId: company.id, userId: owner.id, role: 'owner' },
          { companyId: borrower.id, userId: owner.id, role: 'provider' },
        ],
        { client: trx }
      )
      assert.deepEqual(
        await CompanyMember.unlinkedParties(
          borrower.id,
          { companyIds: [company.id], userIds: [person.id] },
          trx
        ),
        []
      )
    } finally {
      await trx.rollback()
    }
  })
})
