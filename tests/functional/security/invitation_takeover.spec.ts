import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { MEMBER_ROLES } from '#enums/roles'
import CreateInvitation, { INVITATION_TTL_DAYS } from '#actions/team/create_invitation'
import type Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import UserIdentity from '#models/user_identity'
import UserInvitation from '#models/user_invitation'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { notificationsOf } from '#tests/support/event_notifications'
import { invitationToken, oldHolderKeys } from '#tests/support/invitations'

/**
 * Account takeover by invitation (docs/security.md, "Identity"): an
 * account without a password or with an unverified e-mail may have been
 * registered by someone who does not own the mailbox. Accepting an
 * invitation through the mailbox gives the account to the token holder,
 * and nothing the old holder had opens it any more. The keys are
 * enumerated from the schema: every column that ties a row to a user or
 * a session is either a key the takeover closes or named below as not a
 * way in, so a new kind of credential fails here until it is classified.
 */

const OLD_PASSWORD = 'old-holder-pass-1'
const NEW_PASSWORD = 'mailbox-owner-1'

/** Tables tied to a user or a session that let their holder in: the takeover closes each */
const KEYS = {
  'users.password': 'the old password no longer logs in',
  'auth_sessions.user_id': 'every session is revoked, so its access tokens are refused',
  'refresh_tokens.session_id': 'the refresh tokens die with their sessions',
  'user_identities.user_id': 'the linked sign-in identities are removed',
  'live_streams.session_id': 'a stream ends with its session (security/live_streams.spec.ts)',
  'live_streams.user_id': 'idem: the stream row goes with its stream',
}

/** Tables tied to a user that open nothing, and why */
const NOT_KEYS: Record<string, string> = {
  'api_keys.user_id': "an API key's own service user, never a person",
  'api_keys.created_by': 'who created a company key: the key opens the company, not the account',
  'password_resets.user_id': 'a reset link goes to the mailbox, the new holder',
  'user_invitations.user_id': 'an invitation link goes to the mailbox, the new holder',
  'user_invitations.invited_by': 'who invited: no token of theirs',
  'onboardings.provider_user_id': 'an onboarding link goes to the mailbox, the new holder',
  'data_exports.user_id': 'an export is read only with a session of the account',
  'company_members.user_id': "the account's data, not a way in",
  'audit_log.user_id': 'history',
  'company_document_events.claimant_user_id': 'history',
  'compliance_step_validators.user_id': "the account's data",
  'contract_history.actor_id': 'history',
  'contract_parts.user_id': "the account's data",
  'contract_review_comments.author_id': 'history',
  'contract_reviewers.user_id': "the account's data",
  'contract_signature_members.user_id': "the account's data",
  'contract_uploaded_files.reviewed_by': 'history',
  'contract_uploaded_files.uploaded_by': 'history',
  'contracts.created_by': 'history',
  'notification_counters.user_id': "the account's data",
  'notification_preferences.user_id': "the account's data",
  'notification_rank_marks.user_id': "the account's data",
  'notification_read_marks.user_id': "the account's data",
  'notifications.actor_id': 'history',
  'notifications.user_id': "the account's data",
  'provider_compliance_flow_leaderships.user_id': "the account's data",
  'retroactive_requests.reviewed_by': 'history',
  'retroactive_requests.user_id': "the account's data",
  'step_compliance_approvals.user_id': 'history',
  'step_compliance_documents.uploaded_by': 'history',
  'work_entries.user_id': "the account's data",
}

/** Every `table.column` that points at a user or a session (by foreign key or by name), or holds a password */
async function columnsTiedToAnAccount() {
  const { rows } = await db.rawQuery(`
    SELECT kcu.table_name || '.' || kcu.column_name AS name
      FROM information_schema.referential_constraints rc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name
      JOIN information_schema.constraint_column_usage ccu
        ON ccu.constraint_name = rc.unique_constraint_name
     WHERE kcu.table_schema = 'public' AND ccu.table_name IN ('users', 'auth_sessions')
    UNION
    SELECT table_name || '.' || column_name FROM information_schema.columns
     WHERE table_schema = 'public'
       AND (column_name ~ '(user|session)_id$' OR column_name LIKE '%password%')`)
  return (rows as { name: string }[]).map((row) => row.name).sort()
}

type Keys = Awaited<ReturnType<typeof oldHolderKeys>>

/** Every key of `keys` is refused (open) or still works (kept) */
async function assertKeys(
  client: ApiClient,
  assert: Assert,
  user: User,
  keys: Keys,
  open: boolean
) {
  const status = open ? 200 : 401
  for (const session of keys.sessions) {
    const me = await client.get('/api/v1/users/me').bearerToken(session.accessToken)
    me.assertStatus(status)
  }
  /** Refreshed last: a refresh rotates the token, so it is tried once per session */
  for (const session of keys.sessions) {
    const refreshed = await client
      .post('/api/v1/auth/refresh')
      .json({ refreshToken: session.refreshToken })
    refreshed.assertStatus(status)
  }
  const live = await db
    .from('auth_sessions')
    .where('user_id', user.id)
    .whereNull('revoked_at')
    .count('* as total')
  if (!open) assert.equal(Number(live[0].total), 0, 'a session of the old holder is still open')
  const identities = await UserIdentity.query().where('user_id', user.id)
  assert.lengthOf(identities, open ? 1 : 0)
}

const roleIn = async (company: Company, user: User) =>
  (await CompanyMember.query().where({ company_id: company.id, user_id: user.id }).first())?.role

async function login(client: ApiClient, email: string, password: string) {
  return client.post('/api/v1/auth/login').json({ email, password })
}

test.group('Security / invitation takeover: the schema names every key to an account', () => {
  test('each column tying a row to a user or a session is a key the takeover closes, or opens nothing', async ({
    assert,
  }) => {
    const classified = [...Object.keys(KEYS), ...Object.keys(NOT_KEYS)].sort()
    assert.deepEqual(await columnsTiedToAnAccount(), classified)
  })
})

test.group(
  'Security / invitation takeover: nothing the old holder had opens the account',
  (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test(
      'an unverified account invited as {$self}: the token holder takes it over, every key is closed'
    )
      .with([...MEMBER_ROLES])
      .run(async ({ client, assert }, role) => {
        const { company: borrower, owner } = await companyWithOwner()
        const account = await UserFactory.apply('unverified')
          .merge({ password: await hash.make(OLD_PASSWORD) })
          .create()
        const keys = await oldHolderKeys(account)
        await assertKeys(client, assert, account, keys, true)
        const fresh = await oldHolderKeys(account)
        const token = await invitationToken(account, borrower, owner, role)

        const withoutPassword = await client.post('/api/v1/auth/invitations/accept').json({ token })
        withoutPassword.assertStatus(422)
        assert.include(
          JSON.stringify(withoutPassword.body()),
          'O campo password deve ser informado'
        )
        assert.isUndefined(await roleIn(borrower, account))
        await assertKeys(client, assert, account, { sessions: fresh.sessions }, true)

        const other = await oldHolderKeys(account)
        const accepted = await client
          .post('/api/v1/auth/invitations/accept')
          .json({ token, password: NEW_PASSWORD })
        accepted.assertStatus(200)
        assert.equal(accepted.body().data.user.id, account.id)
        assert.equal(await roleIn(borrower, account), role)

        await assertKeys(client, assert, account, other, false)
        ;(await login(client, account.email, OLD_PASSWORD)).assertStatus(401)
        ;(await login(client, account.email, NEW_PASSWORD)).assertStatus(200)
        await account.refresh()
        assert.isNotNull(account.emailVerifiedAt)
      })

    test('who holds the account decides the takeover: {label}')
      .with([
        {
          label: 'verified, with a password: the token alone, nothing revoked',
          verified: true,
          password: true,
          takeover: false,
        },
        {
          label: 'unverified, with a password: taken over',
          verified: false,
          password: true,
          takeover: true,
        },
        {
          label: 'verified, without a password: taken over',
          verified: true,
          password: false,
          takeover: true,
        },
        {
          label: 'unverified, without a password: taken over',
          verified: false,
          password: false,
          takeover: true,
        },
      ])
      .run(async ({ client, assert }, { verified, password, takeover }) => {
        const { company: borrower, owner } = await companyWithOwner()
        let factory = UserFactory.merge({ password: await hash.make(OLD_PASSWORD) })
        if (!verified) factory = factory.apply('unverified')
        if (!password) factory = factory.apply('withoutPassword')
        const account = await factory.create()
        const verifiedAt = account.emailVerifiedAt?.toMillis()
        const keys = await oldHolderKeys(account)
        const token = await invitationToken(account, borrower, owner, 'user')

        if (takeover) {
          ;(await client.post('/api/v1/auth/invitations/accept').json({ token })).assertStatus(422)
        }
        const accepted = await client
          .post('/api/v1/auth/invitations/accept')
          .json({ token, password: NEW_PASSWORD })
        accepted.assertStatus(200)
        assert.equal(await roleIn(borrower, account), 'user')

        await assertKeys(client, assert, account, keys, !takeover)
        const kept = takeover ? NEW_PASSWORD : OLD_PASSWORD
        ;(await login(client, account.email, kept)).assertStatus(200)
        if (password || takeover) {
          const replaced = takeover ? OLD_PASSWORD : NEW_PASSWORD
          ;(await login(client, account.email, replaced)).assertStatus(401)
        }
        await account.refresh()
        assert.isNotNull(account.emailVerifiedAt)
        if (verified) assert.equal(account.emailVerifiedAt!.toMillis(), verifiedAt)
      })
  }
)

test.group('Security / invitation consent for every role', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a verified account invited as {$self} joins with exactly that role, only on acceptance')
    .with([...MEMBER_ROLES])
    .run(async ({ client, assert }, role) => {
      const { company: borrower, owner } = await companyWithOwner()
      const account = await UserFactory.create()
      const token = await invitationToken(account, borrower, owner, role)
      const invitation = await UserInvitation.findByOrFail('userId', account.id)
      assert.equal(invitation.role, role)
      assert.equal(invitation.companyId, borrower.id)
      assert.equal(invitation.invitedBy, owner.id)
      assert.isNull(invitation.acceptedAt)
      assert.equal(
        Math.round(invitation.expiresAt.diff(invitation.createdAt, 'days').days),
        INVITATION_TTL_DAYS
      )
      assert.isUndefined(await roleIn(borrower, account))

      const accepted = await client.post('/api/v1/auth/invitations/accept').json({ token })
      accepted.assertStatus(200)
      assert.equal(await roleIn(borrower, account), role)
      const told = await notificationsOf('user_invited')
      assert.deepEqual(
        told.map((row) => [row.userId, row.companyId, row.title]),
        [[owner.id, borrower.id, 'Convite aceito']]
      )
      await invitation.refresh()
      assert.isNotNull(invitation.acceptedAt)
      assert.isNull(invitation.providerCompanyId)
      ;(await client.post('/api/v1/auth/invitations/accept').json({ token })).assertStatus(400)
    })

  test('a member with role {$self} accepting an invitation for another role keeps its role')
    .with([...MEMBER_ROLES])
    .run(async ({ client, assert }, role) => {
      const { company: borrower, owner } = await companyWithOwner()
      const member = role === 'owner' ? owner : await memberOf(borrower, role)
      const invited = MEMBER_ROLES.find((other) => other !== role)!
      const token = await invitationToken(member, borrower, owner, invited)

      const accepted = await client.post('/api/v1/auth/invitations/accept').json({ token })
      accepted.assertStatus(200)
      assert.equal(await roleIn(borrower, member), role)
      const memberships = await CompanyMember.query().where('user_id', member.id)
      assert.lengthOf(memberships, 1)
      assert.lengthOf(await notificationsOf('user_invited'), 0, 'nobody joined: nothing to tell')
    })

  test('an invitation without a role makes a provider', async ({ client, assert }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const account = await UserFactory.create()
    const createInvitation = await app.container.make(CreateInvitation)
    const url = await db.transaction((trx) =>
      createInvitation.handle(account, borrower, owner, trx)
    )
    assert.match(url, /\/invitations\/accept\?token=[A-Za-z0-9_-]+$/)
    assert.notMatch(url, /\/\/invitations/)
    const token = new URL(url).searchParams.get('token')!
    ;(await client.post('/api/v1/auth/invitations/accept').json({ token })).assertStatus(200)
    assert.equal(await roleIn(borrower, account), 'provider')
  })

  test('POST /company/members by a member with role {$self}: which roles it may invite')
    .with([...MEMBER_ROLES])
    .run(async ({ client, assert }, callerRole) => {
      const { company, owner } = await companyWithOwner()
      const caller = callerRole === 'owner' ? owner : await memberOf(company, callerRole)
      for (const role of ['owner', 'admin', 'borrower', 'user'] as const) {
        const email = `convite.${callerRole}.${role}@example.test`
        const response = await client
          .post('/api/v1/company/members')
          .json({ email, role })
          .header('x-company-id', company.id)
          .loginAs(caller)
        const mayInvite =
          (callerRole === 'owner' || callerRole === 'admin') &&
          (role !== 'owner' || callerRole === 'owner')
        response.assertStatus(mayInvite ? 202 : 403)
        const invitee = await User.findBy('email', email)
        if (mayInvite) {
          const invitation = await UserInvitation.findByOrFail('userId', invitee!.id)
          assert.equal(invitation.role, role)
          assert.isUndefined(await roleIn(company, invitee!))
        } else {
          assert.isNull(invitee)
        }
      }
    })
})
