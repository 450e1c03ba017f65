import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import CreateInvitation from '#actions/team/create_invitation'
import UserInvitation from '#models/user_invitation'
import { hashOpaqueToken } from '#support/opaque_tokens'
import { CompanyFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { freezeClock } from '#tests/support/clock'

const NOW = '2026-03-18T15:00:00.000Z'

/** Sets APP_URL for one test; returns the undo */
function withAppUrl(url: string) {
  const before = env.get('APP_URL')
  env.set('APP_URL', url)
  return () => env.set('APP_URL', before)
}

/** A borrower, its owner and an account to invite, made before any transaction of the test */
async function world() {
  const { company: borrower, owner } = await companyWithOwner()
  const invitee = await UserFactory.create()
  const createInvitation = await app.container.make(CreateInvitation)
  const invite = (trx: TransactionClientContract) =>
    createInvitation.handle(invitee, borrower, owner, trx)
  return { borrower, owner, invitee, invite }
}

/**
 * An invitation is a row holding the SHA-256 of a token and a link that
 * carries the token: `{APP_URL}/invitations/accept?token=…`, one slash
 * between them whether or not APP_URL ends with one. It expires seven days
 * after it was made, grants `provider` unless told otherwise, and is
 * written through the caller's transaction.
 */
test.group('Team / an invitation and its link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => freezeClock(NOW))

  test('with APP_URL {$self}: the link is APP_URL/invitations/accept?token=<the stored token>')
    .with([
      'https://contracts.example.com',
      'https://contracts.example.com/',
      'https://example.com/contracts',
      'https://example.com/contracts/',
    ])
    .run(async ({ assert, cleanup }, appUrl) => {
      cleanup(withAppUrl(appUrl))
      const { invitee, invite } = await world()
      const url = await db.transaction(invite)

      const base = appUrl.replace(/\/$/, '').replaceAll('.', '\\.')
      const link = new RegExp(`^${base}/invitations/accept\\?token=([A-Za-z0-9_-]{43})$`)
      assert.match(url, link)
      const token = link.exec(url)![1]
      const invitation = await UserInvitation.findByOrFail('userId', invitee.id)
      assert.equal(invitation.tokenHash, hashOpaqueToken(token))
    })

  test('it stores the borrower, the inviter, role provider, nothing else, and expires in seven days', async ({
    assert,
  }) => {
    const { borrower, owner, invitee, invite } = await world()
    await db.transaction(invite)
    const invitation = await UserInvitation.findByOrFail('userId', invitee.id)
    const { companyId, invitedBy, role, providerCompanyId, newCompany, acceptedAt } = invitation
    assert.deepEqual(
      { companyId, invitedBy, role, providerCompanyId, newCompany, acceptedAt },
      {
        companyId: borrower.id,
        invitedBy: owner.id,
        role: 'provider',
        providerCompanyId: null,
        newCompany: null,
        acceptedAt: null,
      }
    )
    assert.equal(invitation.expiresAt.toUTC().toISO(), '2026-03-25T15:00:00.000Z')
  })
})

/**
 * Outside the rolled-back global transaction (one connection, where a
 * savepoint's rollback undoes every write after it whichever client made
 * it): a transaction of the test, on its own connection, holds the world
 * and the invitation; the pool sees nothing of it, and its rollback
 * leaves nothing.
 */
test.group('Team / an invitation is written through the given transaction', () => {
  test('the pool sees none of it before the commit, and nothing after a rollback', async ({
    assert,
  }) => {
    const trx = await db.transaction()
    let invitee
    try {
      const borrower = await CompanyFactory.client(trx).create()
      const owner = await UserFactory.client(trx).create()
      invitee = await UserFactory.client(trx).create()
      const createInvitation = await app.container.make(CreateInvitation)
      await createInvitation.handle(invitee, borrower, owner, trx)
      assert.lengthOf(await UserInvitation.query({ client: trx }).where('userId', invitee.id), 1)
      assert.lengthOf(await UserInvitation.query().where('userId', invitee.id), 0)
    } finally {
      await trx.rollback()
    }
    assert.lengthOf(await UserInvitation.query().where('userId', invitee.id), 0)
  })
})
