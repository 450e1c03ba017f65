import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Delivery, { type MailPayload } from '#models/delivery'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

const SET_PASSWORD = 'Para aceitar, defina sua senha:'

/** The text of the invitation e-mail queued for an address */
async function invitationMailTo(email: string) {
  const mails = await Delivery.query().where('channel', 'email')
  const mail = mails.map((row) => row.payload as MailPayload).find((row) => row.to === email)
  return mail!.text
}

/**
 * POST /company/members: whoever holds no password yet (a new address, or
 * an account an earlier invitation created and nobody accepted) is asked
 * to set one on acceptance; an account with a password only accepts. A
 * new account is named as the inviter typed, else after the address's
 * local part; an existing one keeps its name.
 */
test.group('Company members / the invitation e-mail', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{label}')
    .with([
      { label: 'a new address with a name', account: 'none', name: 'Nova Pessoa' },
      { label: 'a new address without a name', account: 'none', name: undefined },
      { label: 'an account with a password', account: 'password', name: 'Outro Nome' },
      { label: 'an account without a password', account: 'no password', name: 'Outro Nome' },
    ] as const)
    .run(async ({ client, assert }, { account, name }) => {
      const { company, owner } = await companyWithOwner()
      const email = 'convidada.nova@example.test'
      if (account !== 'none') {
        const existing = await UserFactory.merge({ email, name: 'Conta Existente' }).create()
        if (account === 'no password') {
          await db.from('users').where('id', existing.id).update({ password: null })
        }
      }
      const response = await as(client, owner, company)
        .post('/company/members')
        .json({ email, role: 'user', ...(name ? { name } : {}) })
      response.assertStatus(202)

      const invitee = await User.findByOrFail('email', email)
      const expectedName = account === 'none' ? (name ?? 'convidada.nova') : 'Conta Existente'
      assert.equal(invitee.name, expectedName)
      const text = await invitationMailTo(email)
      assert.include(text, `Olá, ${expectedName}.`)
      if (account === 'password') {
        assert.notInclude(text, SET_PASSWORD)
        assert.include(text, 'Aceitar convite')
      } else {
        assert.include(text, SET_PASSWORD)
        assert.include(text, 'Aceitar convite e definir senha')
      }
    })
})
