import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Delivery from '#models/delivery'
import DeliveryAttempt from '#models/delivery_attempt'
import { enqueueMail, renderEmail } from '#services/notifications/mail_outbox'
import { DeliveryWorker, MAX_ATTEMPTS } from '#services/platform/delivery_worker'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { freePort, smtpMailer, startSmtpServer } from '#tests/support/outbound'
import { as } from '#tests/support/http'
import { i18nFor } from '#support/i18n'

async function queueMail(subject: string) {
  const { html, text } = await renderEmail('notification', i18nFor(null), {
    subject,
    title: subject,
    message: 'Seu contrato está pronto <para assinatura>.',
  })
  return db.transaction((trx) =>
    enqueueMail({ to: 'maria@cliente.test', toName: 'Maria', subject, html, text }, trx)
  )
}

test.group('Notifications / e-mail outbox over real SMTP', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a custom message e-mail reaches the SMTP server with HTML and text parts', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpServer()
    cleanup(() => smtp.close())
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')

    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: user.id,
        title: 'Reuniao de alinhamento',
        message: '<p>Olá,</p><p>Sou <strong>Olivia</strong> (owner).</p>',
        platforms: ['email'],
      })
    response.assertStatus(200)

    const summary = await new DeliveryWorker({ mailer: smtpMailer(smtp.port) }).runOnce()
    assert.deepEqual(summary, { sent: 1, retried: 0, dead: 0, skipped: 0 })

    assert.lengthOf(smtp.received, 1)
    const [message] = smtp.received
    assert.deepEqual(message.to, [user.email])
    assert.equal(message.subject, 'Reuniao de alinhamento')
    assert.include(message.html, '<strong>Olivia</strong>')
    assert.include(message.html, '<!DOCTYPE html>')
    assert.include(message.text, 'Sou Olivia (owner).')
    assert.notInclude(message.text, '<strong>')

    const delivery = await Delivery.firstOrFail()
    assert.equal(delivery.status, 'sent')
    assert.equal(delivery.attempts, 1)
    assert.isNotNull(delivery.sentAt)
  })

  test('values are HTML-escaped by the template', async ({ assert }) => {
    const { html, text } = await renderEmail('notification', i18nFor(null), {
      title: '<b>x</b>',
      message: '<script>alert(1)</script>',
    })
    assert.notInclude(html, '<script>')
    assert.include(html, '&lt;script&gt;')
    assert.include(text, '<script>alert(1)</script>')
  })

  test('an e-mail queued during an SMTP outage is retried and delivered afterwards', async ({
    assert,
    cleanup,
  }) => {
    const port = await freePort()
    const worker = new DeliveryWorker({ mailer: smtpMailer(port) })
    await queueMail('Contrato pronto')

    const down = await worker.runOnce()
    assert.deepEqual(down, { sent: 0, retried: 1, dead: 0, skipped: 0 })
    const waiting = await Delivery.firstOrFail()
    assert.equal(waiting.status, 'pending')
    assert.equal(waiting.attempts, 1)
    assert.isNotNull(waiting.lastError)
    assert.isTrue(waiting.nextAttemptAt > DateTime.now().plus({ seconds: 20 }))

    const tooEarly = await worker.runOnce()
    assert.deepEqual(tooEarly, { sent: 0, retried: 0, dead: 0, skipped: 0 })

    const smtp = await startSmtpServer(port)
    cleanup(() => smtp.close())
    const later = await worker.runOnce({ now: DateTime.now().plus({ minutes: 1 }) })
    assert.equal(later.sent, 1)
    assert.lengthOf(smtp.received, 1)
    assert.equal(smtp.received[0].subject, 'Contrato pronto')
    assert.include(smtp.received[0].text, 'Seu contrato está pronto <para assinatura>.')
    assert.include(smtp.received[0].html, 'Seu contrato está pronto &lt;para assinatura&gt;.')

    await waiting.refresh()
    assert.equal(waiting.status, 'sent')
    assert.equal(waiting.attempts, 2)
    assert.isNull(waiting.lockedUntil)
    assert.equal(smtp.received[0].messageId, `<${waiting.id}@localhost>`)

    const attempts = await DeliveryAttempt.query()
      .where('delivery_id', waiting.id)
      .orderBy('attempt', 'asc')
    assert.deepEqual(
      attempts.map((row) => [row.attempt, row.outcome]),
      [
        [1, 'failed'],
        [2, 'sent'],
      ]
    )
    assert.match(attempts[0].error!, /ECONNREFUSED/)
    assert.isNull(attempts[1].error)
    assert.isNotNull(attempts[0].finishedAt)
    assert.equal(waiting.lastError, attempts[0].error, 'the last error stays after the success')
  })

  test('a delivery whose worker died mid-send is sent again after the lease, with the same Message-ID', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpServer()
    cleanup(() => smtp.close())
    await queueMail('Contrato pronto')
    const delivery = await Delivery.firstOrFail()
    const now = DateTime.now()
    // a worker claimed it (lease + in-flight attempt) and died before recording the outcome
    delivery.merge({ attempts: 1, lockedUntil: now.plus({ seconds: 60 }) })
    await delivery.save()
    await DeliveryAttempt.create({
      deliveryId: delivery.id,
      channel: delivery.channel,
      attempt: 1,
      startedAt: now,
      outcome: 'in_flight',
    })
    const worker = new DeliveryWorker({ mailer: smtpMailer(smtp.port) })

    assert.equal((await worker.runOnce({ now })).sent, 0, 'the lease holds it')
    assert.equal((await worker.runOnce({ now: now.plus({ seconds: 61 }) })).sent, 1)

    assert.lengthOf(smtp.received, 1)
    assert.equal(smtp.received[0].messageId, `<${delivery.id}@localhost>`)
    const attempts = await DeliveryAttempt.query()
      .where('delivery_id', delivery.id)
      .orderBy('attempt', 'asc')
    assert.deepEqual(
      attempts.map((row) => [row.attempt, row.outcome]),
      [
        [1, 'interrupted'],
        [2, 'sent'],
      ]
    )
  })

  test('backoff doubles and the delivery is dead (kept) after the last attempt', async ({
    assert,
  }) => {
    const worker = new DeliveryWorker({ mailer: smtpMailer(await freePort()) })
    await queueMail('Nunca chega')
    const delivery = await Delivery.firstOrFail()

    const now = DateTime.now()
    await worker.runOnce({ now })
    await delivery.refresh()
    assert.equal(delivery.nextAttemptAt.diff(now, 'seconds').seconds, 30)
    await worker.runOnce({ now: delivery.nextAttemptAt })
    await delivery.refresh()
    assert.equal(delivery.attempts, 2)
    assert.equal(delivery.nextAttemptAt.diff(now.plus({ seconds: 30 }), 'seconds').seconds, 60)

    delivery.attempts = MAX_ATTEMPTS - 1
    await delivery.save()
    const last = await worker.runOnce({ now: delivery.nextAttemptAt })
    assert.equal(last.dead, 1)
    await delivery.refresh()
    assert.equal(delivery.status, 'dead')
    assert.equal(delivery.attempts, MAX_ATTEMPTS)
  })
})
