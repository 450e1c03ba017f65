import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'
import CompanyMember from '#models/company_member'
import MessageContent from '#services/notifications/message_content'
import { companyWithOwner, linkProvider, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { i18nFor } from '#support/i18n'

test.group('Correctness / I5 to a legal entity reaches its owner', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the e-mail goes to the owner even when only a co-owner belongs to the sender', async ({
    client,
    assert,
  }) => {
    const { company: borrower, owner: sender } = await companyWithOwner()
    // Beta's first owner never joined the borrower; a later co-owner links Beta as provider
    const { company: beta, owner: firstOwner } = await companyWithOwner()
    await CompanyMember.query()
      .where('company_id', beta.id)
      .where('user_id', firstOwner.id)
      .update({ created_at: DateTime.now().minus({ years: 1 }).toJSDate() })
    const coOwner = await memberOf(beta, 'owner')
    await linkProvider(borrower, coOwner)

    const response = await as(client, sender, borrower)
      .post('/notifications/custom')
      .json({
        sendTo: beta.id,
        message: '<p>Olá Beta,</p><p>Sou o gestor do contrato.</p>',
        platforms: ['platform', 'email'],
        title: 'Documentos pendentes',
      })
    response.assertStatus(200)
    assert.deepEqual(response.body().data.channels, [
      { platform: 'platform', dispatched: true },
      { platform: 'email', dispatched: true },
    ])

    const mail = (await Delivery.findByOrFail('channel', 'email')).payload as MailPayload
    assert.equal(mail.to, firstOwner.email)
    // the in-app row goes to the owner who can read it in the borrower company
    const row = await Notification.findByOrFail('type', 'custom')
    assert.equal(row.userId, coOwner.id)
    assert.equal(row.companyId, borrower.id)
  })

  test('a user id still gets the e-mail at its own address', async ({ client, assert }) => {
    const { company: borrower, owner: sender } = await companyWithOwner()
    const analyst = await memberOf(borrower, 'user')
    const response = await as(client, sender, borrower)
      .post('/notifications/custom')
      .json({ sendTo: analyst.id, message: '<p>Olá</p>', platforms: ['email'] })
    response.assertStatus(200)
    const mail = (await Delivery.findByOrFail('channel', 'email')).payload as MailPayload
    assert.equal(mail.to, analyst.email)
  })

  test('actorAvatar is cut to 500 characters like actorName to 255 (stored row)', ({ assert }) => {
    // users.avatar is varchar(500), so no HTTP request can send a longer one today:
    // the limit is checked where every notification row is built
    const avatar = `https://cdn.example.com/${'a'.repeat(600)}.png`
    const row = new MessageContent(
      {
        title: 'T',
        message: 'M',
        scope: 'personal',
        actor: { id: null, name: 'n'.repeat(300), avatar },
      },
      i18nFor(null)
    ).row('custom', { userId: 'u', companyId: 'c' })
    assert.lengthOf(row.actor_avatar!, 500)
    assert.lengthOf(row.actor_name!, 255)
  })
})
