import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import type { ApiClient } from '@japa/api-client'
import type Company from '#models/company'
import type User from '#models/user'
import UserInvitation from '#models/user_invitation'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { type Cleanup, holdWrites, refuseWrites, untilHeld } from '#tests/support/injected_writes'
import { INVALID_INVITATION, invitationToken, oldHolderKeys } from '#tests/support/invitations'

/**
 * Accepting an invitation is one transaction whose locks serialize it
 * against any other acceptance of the same invitation or account, and
 * whose failure leaves nothing (docs/security.md, "Identity"). Both need
 * real commits and a second connection: these groups run outside the
 * rolled-back global transaction, on committed rows removed after each
 * test, with triggers of the test holding or refusing a write the first
 * acceptance makes after its locking reads.
 */

const FIRST_PASSWORD = 'first-mailbox-1'
const SECOND_PASSWORD = 'second-mailbox-2'
const OLD_PASSWORD = 'old-holder-pass-1'

/**
 * Borrowers (with their owners) committed for the test, removed after it
 * with the accounts named and whatever the acceptances left (memberships,
 * invitations, sessions, identities and notices by cascade; the e-mails
 * queued since)
 */
async function committedBorrowers(cleanup: Cleanup, count: number, accounts: User[]) {
  const earlierMails = (await db.from('deliveries').select('id')).map((row) => row.id)
  const borrowers: Awaited<ReturnType<typeof companyWithOwner>>[] = []
  for (let made = 0; made < count; made++) borrowers.push(await companyWithOwner())
  const companyIds = borrowers.map(({ company }) => company.id)
  const userIds = [...borrowers.map(({ owner }) => owner.id), ...accounts.map(({ id }) => id)]
  cleanup(async () => {
    await db.from('deliveries').whereNotIn('id', earlierMails).delete()
    await db.from('companies').whereIn('id', companyIds).delete()
    await db.from('users').whereIn('id', userIds).delete()
  })
  return borrowers
}

const accept = (client: ApiClient, body: { token: string; password?: string }) =>
  client.post('/api/v1/auth/invitations/accept').json(body).send()

/** The memberships of `user` in `company` (0 or 1 row) */
async function membershipsIn(company: Company, user: User) {
  return db.from('company_members').where({ company_id: company.id, user_id: user.id })
}

async function login(client: ApiClient, email: string, password: string) {
  return client.post('/api/v1/auth/login').json({ email, password })
}

/**
 * The first acceptance is held while it takes the account over, at the
 * revocation of the old holder's sessions: after its locking reads, before
 * it writes the account or the invitation. A second acceptance sent
 * meanwhile waits for it, then sees what it committed.
 */
async function holdTheTakeover(cleanup: Cleanup, account: User) {
  await oldHolderKeys(account)
  await holdWrites(
    cleanup,
    { table: 'auth_sessions', on: 'UPDATE', where: { column: 'user_id', value: account.id } },
    1
  )
}

test.group('Security / two acceptances at once are serialized', (group) => {
  group.tap((one) => one.timeout(10_000))

  test('one invitation accepted twice at once: one 200, one 400, one membership, one notice', async ({
    client,
    assert,
    cleanup,
  }) => {
    const account = await UserFactory.apply('unverified').apply('withoutPassword').create()
    const [{ company: borrower, owner }] = await committedBorrowers(cleanup, 1, [account])
    const token = await invitationToken(account, borrower, owner, 'user')
    await holdTheTakeover(cleanup, account)

    const first = accept(client, { token, password: FIRST_PASSWORD })
    await untilHeld()
    const second = await accept(client, { token, password: SECOND_PASSWORD })
    ;(await first).assertStatus(200)
    second.assertStatus(400)
    second.assertBody(INVALID_INVITATION)

    assert.lengthOf(await membershipsIn(borrower, account), 1)
    const told = await db
      .from('notifications')
      .where({ type: 'user_invited', company_id: borrower.id })
      .select('user_id', 'title')
    assert.deepEqual(told, [{ user_id: owner.id, title: 'Convite aceito' }])
    ;(await login(client, account.email, FIRST_PASSWORD)).assertStatus(200)
  })

  test('two invitations of an unproven account accepted at once: the first takes it over, the second finds it proven', async ({
    client,
    assert,
    cleanup,
  }) => {
    const account = await UserFactory.apply('unverified').apply('withoutPassword').create()
    const [one, other] = await committedBorrowers(cleanup, 2, [account])
    const firstToken = await invitationToken(account, one.company, one.owner, 'user')
    const secondToken = await invitationToken(account, other.company, other.owner, 'provider')
    await holdTheTakeover(cleanup, account)

    const first = accept(client, { token: firstToken, password: FIRST_PASSWORD })
    await untilHeld()
    const second = await accept(client, { token: secondToken, password: SECOND_PASSWORD })
    ;(await first).assertStatus(200)
    /** A proven account accepts with the token alone: the password sent is ignored */
    second.assertStatus(200)

    assert.lengthOf(await membershipsIn(one.company, account), 1)
    assert.lengthOf(await membershipsIn(other.company, account), 1)
    ;(await login(client, account.email, FIRST_PASSWORD)).assertStatus(200)
    ;(await login(client, account.email, SECOND_PASSWORD)).assertStatus(401)
    /** Proven once, by the first acceptance: the second changed nothing of the account */
    await account.refresh()
    const firstInvitation = await UserInvitation.query()
      .where({ user_id: account.id, company_id: one.company.id })
      .firstOrFail()
    assert.equal(account.emailVerifiedAt!.toMillis(), firstInvitation.acceptedAt!.toMillis())
  })
})

/** What a takeover changes, read back from the database */
async function accountState(user: User) {
  return {
    user: await db.from('users').where('id', user.id).select('password', 'email_verified_at'),
    sessions: await db
      .from('auth_sessions')
      .where('user_id', user.id)
      .orderBy('id')
      .select('id', 'revoked_at'),
    identities: await db.from('user_identities').where('user_id', user.id).select('id'),
    memberships: await db.from('company_members').where('user_id', user.id).select('id'),
    invitations: await db
      .from('user_invitations')
      .where('user_id', user.id)
      .select('id', 'accepted_at'),
  }
}

test.group('Security / a takeover is all or nothing', () => {
  test('the membership cannot be written: the old holder keeps password, sessions and identities', async ({
    client,
    assert,
    cleanup,
  }) => {
    const account = await UserFactory.apply('unverified')
      .merge({ password: await hash.make(OLD_PASSWORD) })
      .create()
    const [{ company: borrower, owner }] = await committedBorrowers(cleanup, 1, [account])
    const token = await invitationToken(account, borrower, owner, 'user')
    await oldHolderKeys(account)
    await refuseWrites(
      cleanup,
      { table: 'company_members', where: { column: 'user_id', value: account.id } },
      'the membership cannot be written'
    )
    const before = await accountState(account)
    assert.deepEqual(
      before.sessions.map((session) => session.revoked_at),
      [null, null]
    )
    assert.lengthOf(before.identities, 1)

    ;(await accept(client, { token, password: FIRST_PASSWORD })).assertStatus(500)
    assert.deepEqual(await accountState(account), before)
    ;(await login(client, account.email, OLD_PASSWORD)).assertStatus(200)
  })
})
