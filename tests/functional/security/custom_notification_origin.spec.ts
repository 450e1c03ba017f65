import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DeliveryWorker } from '#services/platform/delivery_worker'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { smtpMailer, startSmtpServer } from '#tests/support/outbound'
import { waitUntil } from '#tests/support/processes'

/**
 * I5 lets the author sign a message with any free-text sender ("Platform
 * Security Team (Support)"); the recipient must still see who really sent
 * it: the sending user and company, in-app and in the e-mail.
 */
test.group('Security / custom notifications show their real origin (I5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('in-app and e-mail name the sending user and company beside the free-text sender', async ({
    client,
    assert,
    cleanup,
  }) => {
    const sink = await startSmtpServer()
    cleanup(() => sink.close())
    const { company, owner } = await companyWithOwner()
    company.name = 'Acme Fornecedora Ltda'
    await company.save()
    owner.name = 'Paulo Remetente'
    await owner.save()
    const recipient = await memberOf(company, 'user')

    const sent = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: recipient.id,
        title: 'Verificação de conta',
        message: '<p>Olá, confirme sua senha neste link.</p>',
        platforms: ['platform', 'email'],
        sender: { name: 'Platform Security Team', role: 'Support' },
      })
    sent.assertStatus(200)

    const inbox = await as(client, recipient, company).get('/notifications')
    inbox.assertStatus(200)
    const [notification] = inbox.body().data.data
    assert.equal(notification.actorName, 'Platform Security Team (Support)')
    assert.deepEqual(notification.activity?.metadata?.sentBy, {
      userId: owner.id,
      userName: 'Paulo Remetente',
      companyId: company.id,
      companyName: 'Acme Fornecedora Ltda',
    })

    await new DeliveryWorker({ mailer: smtpMailer(sink.port) }).runOnce()
    await waitUntil(
      () => sink.received.length > 0,
      10_000,
      () => 'no e-mail arrived'
    )
    const [mail] = sink.received
    assert.deepEqual(mail.to, [recipient.email])
    for (const part of [mail.html, mail.text]) {
      assert.include(part, 'Paulo Remetente')
      assert.include(part, 'Acme Fornecedora Ltda')
    }
  })
})
