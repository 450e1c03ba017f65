import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import CompanyMember from '#models/company_member'
import Delivery from '#models/delivery'
import Notification from '#models/notification'
import User from '#models/user'
import UserInvitation from '#models/user_invitation'
import type { MailPayload } from '#models/delivery'
import { MEMBER_ROLES } from '#enums/roles'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

const MEMBERS = '/company/members'

/** The accept link e-mailed to an address (newest), from the queued mail itself */
async function acceptTokenSentTo(email: string) {
  const mails = await Delivery.query().where('channel', 'email').orderBy('created_at', 'desc')
  const mail = mails.map((row) => row.payload as MailPayload).find((row) => row.to === email)!
  const url = mail.html.match(/href="([^"]*invitations\/accept[^"]*)"/)![1].replaceAll('&amp;', '&')
  return new URL(url).searchParams.get('token')!
}

const roleOf = async (companyId: string, userId: string) =>
  (await CompanyMember.query().where({ company_id: companyId, user_id: userId }).first())?.role

test.group('Company members / invite, change role, remove', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an invited address without an account joins on acceptance with the role, and admins hear of it', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const admin = await memberOf(company, 'admin')

    const response = await as(client, owner, company)
      .post(MEMBERS)
      .json({ email: 'Nova.Pessoa@Example.test', name: 'Nova Pessoa', role: 'borrower' })
    response.assertStatus(202)
    response.assertBody({
      data: { email: 'nova.pessoa@example.test', role: 'borrower', status: 'invited' },
    })

    const invitee = await User.findByOrFail('email', 'nova.pessoa@example.test')
    assert.isUndefined(await roleOf(company.id, invitee.id))
    const invited = await Notification.query().where({ type: 'user_invited', user_id: admin.id })
    assert.lengthOf(invited, 1)
    assert.equal(invited[0].companyId, company.id)

    const token = await acceptTokenSentTo('nova.pessoa@example.test')
    const accepted = await client
      .post('/api/v1/auth/invitations/accept')
      .json({ token, password: 'nova-senha-123' })
    accepted.assertStatus(200)
    assert.equal(await roleOf(company.id, invitee.id), 'borrower')

    const login = await client
      .post('/api/v1/auth/login')
      .json({ email: 'nova.pessoa@example.test', password: 'nova-senha-123' })
    login.assertStatus(200)
    const list = await as(client, invitee, company).get(MEMBERS)
    list.assertStatus(200)
  })

  test('an existing account is only invited: no membership before it accepts, same answer', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const existing = await UserFactory.merge({ email: 'ja.existe@example.test' }).create()

    const response = await as(client, owner, company)
      .post(MEMBERS)
      .json({ email: 'ja.existe@example.test', role: 'user' })
    response.assertStatus(202)
    response.assertBody({
      data: { email: 'ja.existe@example.test', role: 'user', status: 'invited' },
    })
    assert.isUndefined(await roleOf(company.id, existing.id))
    const invitation = await UserInvitation.findByOrFail('userId', existing.id)
    assert.equal(invitation.role, 'user')

    const token = await acceptTokenSentTo('ja.existe@example.test')
    ;(await client.post('/api/v1/auth/invitations/accept').json({ token })).assertStatus(200)
    assert.equal(await roleOf(company.id, existing.id), 'user')
  })

  test('an address already a member ({$self}) is 409 with its message: no invitation, no e-mail')
    .with([...MEMBER_ROLES])
    .run(async ({ client, assert }, role) => {
      const { company, owner } = await companyWithOwner()
      const member = role === 'owner' ? owner : await memberOf(company, role)

      const again = await as(client, owner, company)
        .post(MEMBERS)
        .json({ email: member.email, role: 'user' })
      again.assertStatus(409)
      again.assertBody({ message: 'A pessoa já é membro desta empresa', code: 'E_CONFLICT' })
      assert.isNull(await UserInvitation.findBy('userId', member.id))
      const mails = await Delivery.query().where('channel', 'email')
      assert.notInclude(
        mails.map((mail) => (mail.payload as MailPayload).to),
        member.email
      )
    })

  test('only an owner invites an owner', async ({ client }) => {
    const { company } = await companyWithOwner()
    const admin = await memberOf(company, 'admin')

    const ownerByAdmin = await as(client, admin, company)
      .post(MEMBERS)
      .json({ email: 'x@example.test', role: 'owner' })
    ownerByAdmin.assertStatus(403)
    ownerByAdmin.assertBody({
      message: 'Somente um proprietário pode convidar um proprietário',
      code: 'E_FORBIDDEN',
    })
  })

  test('a role change applies and the member gets role_changed with scope role', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const member = await memberOf(company, 'user')

    const response = await as(client, owner, company)
      .patch(`${MEMBERS}/${member.id}`)
      .json({ role: 'admin' })
    response.assertStatus(200)
    assert.equal(response.body().data.role, 'admin')
    assert.equal(response.body().data.userId, member.id)
    assert.equal(await roleOf(company.id, member.id), 'admin')

    const changed = await Notification.query().where({ type: 'role_changed', user_id: member.id })
    assert.lengthOf(changed, 1)
    assert.equal(changed[0].scope, 'role')
    assert.equal(changed[0].companyId, company.id)

    const same = await as(client, owner, company)
      .patch(`${MEMBERS}/${member.id}`)
      .json({ role: 'admin' })
    same.assertStatus(200)
    assert.lengthOf(await Notification.query().where({ type: 'role_changed' }), 1)
  })

  test('the last owner cannot be demoted or removed (409); with a second owner it can', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const demote = await as(client, owner, company)
      .patch(`${MEMBERS}/${owner.id}`)
      .json({ role: 'admin' })
    demote.assertStatus(409)
    const remove = await as(client, owner, company).delete(`${MEMBERS}/${owner.id}`)
    remove.assertStatus(409)
    assert.equal(await roleOf(company.id, owner.id), 'owner')

    const second = await memberOf(company, 'owner')
    ;(
      await as(client, second, company).patch(`${MEMBERS}/${owner.id}`).json({ role: 'admin' })
    ).assertStatus(200)
    assert.equal(await roleOf(company.id, owner.id), 'admin')
  })

  test("an admin cannot touch an owner's membership (403)", async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    await memberOf(company, 'owner')
    const admin = await memberOf(company, 'admin')
    const demote = await as(client, admin, company)
      .patch(`${MEMBERS}/${owner.id}`)
      .json({ role: 'user' })
    demote.assertStatus(403)
    assert.equal(demote.body().code, 'E_FORBIDDEN')
    const remove = await as(client, admin, company).delete(`${MEMBERS}/${owner.id}`)
    remove.assertStatus(403)
    remove.assertBody({
      message: 'Somente um proprietário pode remover um proprietário',
      code: 'E_FORBIDDEN',
    })
    assert.equal(await roleOf(company.id, owner.id), 'owner')
  })

  test('a removed member loses access to the company at once', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const member = await memberOf(company, 'borrower')
    ;(await as(client, member, company).get(MEMBERS)).assertStatus(200)

    ;(await as(client, owner, company).delete(`${MEMBERS}/${member.id}`)).assertStatus(204)
    assert.isUndefined(await roleOf(company.id, member.id))
    const after = await as(client, member, company).get(MEMBERS)
    assert.oneOf(after.status(), [403, 404])
    assert.isNotNull(await User.find(member.id))
  })

  test('provider memberships belong to contracts: 422 on change and removal', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const provider = await memberOf(company, 'provider')
    const change = await as(client, owner, company)
      .patch(`${MEMBERS}/${provider.id}`)
      .json({ role: 'user' })
    change.assertStatus(422)
    ;(await as(client, owner, company).delete(`${MEMBERS}/${provider.id}`)).assertStatus(422)
    const invite = await as(client, owner, company)
      .post(MEMBERS)
      .json({ email: 'p@example.test', role: 'provider' })
    invite.assertStatus(422)
    assert.equal(await roleOf(company.id, provider.id), 'provider')
  })

  test('bad input is 422 and changes nothing', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const member = await memberOf(company, 'user')
    for (const body of [
      {},
      { email: 'not-an-email', role: 'user' },
      { email: 'a@example.test', role: 'king' },
      { email: 'a@example.test', role: 'user', name: 'x' },
    ]) {
      ;(await as(client, owner, company).post(MEMBERS).json(body)).assertStatus(422)
    }
    for (const body of [{}, { role: 'king' }, { role: 42 }]) {
      ;(await as(client, owner, company).patch(`${MEMBERS}/${member.id}`).json(body)).assertStatus(
        422
      )
    }
    assert.equal(await roleOf(company.id, member.id), 'user')
    assert.isNull(await User.findBy('email', 'a@example.test'))
  })

  test("another company's member is 404; a malformed id is not a 500", async ({ client }) => {
    const { company, owner } = await companyWithOwner()
    const other = await companyWithOwner()
    const stranger = await memberOf(other.company, 'user')
    ;(
      await as(client, owner, company).patch(`${MEMBERS}/${stranger.id}`).json({ role: 'admin' })
    ).assertStatus(404)
    ;(await as(client, owner, company).delete(`${MEMBERS}/${stranger.id}`)).assertStatus(404)
    const malformed = await as(client, owner, company).delete(`${MEMBERS}/not-a-uuid`)
    if (malformed.status() >= 500) throw new Error('malformed id gave a 5xx')
  })

  test('borrower and user roles get 403 on every write', async ({ client, assert }) => {
    const { company } = await companyWithOwner()
    const target = await memberOf(company, 'user')
    for (const role of ['borrower', 'user'] as const) {
      const caller = await memberOf(company, role)
      ;(
        await as(client, caller, company)
          .post(MEMBERS)
          .json({ email: 'z@example.test', role: 'user' })
      ).assertStatus(403)
      ;(
        await as(client, caller, company).patch(`${MEMBERS}/${target.id}`).json({ role: 'admin' })
      ).assertStatus(403)
      ;(await as(client, caller, company).delete(`${MEMBERS}/${target.id}`)).assertStatus(403)
    }
    assert.equal(await roleOf(company.id, target.id), 'user')
  })
})
