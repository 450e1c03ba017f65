import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'
import CompanyMember from '#models/company_member'
import { companyWithOwner, linkProvider, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/**
 * I5: a custom message reaches only members
 * of the context company or companies linked to it, is always stored in
 * the context company with its real author, and carries no markup beyond
 * `<p>`, `<strong>` and `<br>`.
 */
async function senderAndVictim() {
  const sender = await companyWithOwner()
  const victim = await companyWithOwner()
  return { sender, victim }
}

test.group('Security / custom notifications (I5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('another tenant user is 404 like an unknown id; nothing stored or queued', async ({
    client,
    assert,
  }) => {
    const { sender, victim } = await senderAndVictim()
    const employee = await memberOf(victim.company, 'user')
    const bodies = []
    for (const sendTo of [victim.owner.id, employee.id, crypto.randomUUID()]) {
      const response = await as(client, sender.owner, sender.company)
        .post('/notifications/custom')
        .json({
          sendTo,
          message: '<p>Olá</p>',
          platforms: ['platform', 'email'],
        })
      response.assertStatus(404)
      bodies.push(response.body())
    }
    assert.deepEqual(bodies[0], bodies[2])
    assert.lengthOf(await Notification.all(), 0)
    assert.lengthOf(await Delivery.all(), 0)
  })

  test('a company not linked to the sender is 404, even when its owner works there', async ({
    client,
    assert,
  }) => {
    const { sender, victim } = await senderAndVictim()
    /* The victim's owner is an employee (role user) of the sender: a member,
       but its company was never linked as a provider */
    await CompanyMember.create({
      companyId: sender.company.id,
      userId: victim.owner.id,
      role: 'user',
    })
    const response = await as(client, sender.owner, sender.company)
      .post('/notifications/custom')
      .json({
        sendTo: victim.company.id,
        message: '<p>Olá</p>',
        platforms: ['platform', 'email'],
      })
    response.assertStatus(404)
    assert.lengthOf(await Notification.query().where('company_id', victim.company.id), 0)
    assert.lengthOf(await Notification.all(), 0)
    assert.lengthOf(await Delivery.all(), 0)
  })

  test('a linked company id stores the row in the sender company, never in the recipient tenant', async ({
    client,
    assert,
  }) => {
    const { sender, victim } = await senderAndVictim()
    await linkProvider(sender.company, victim.owner)
    const response = await as(client, sender.owner, sender.company)
      .post('/notifications/custom')
      .json({
        sendTo: victim.company.id,
        message: '<p>Olá</p>',
        platforms: ['platform'],
      })
    response.assertStatus(200)
    assert.lengthOf(await Notification.query().where('company_id', victim.company.id), 0)
    const row = await Notification.findByOrFail('userId', victim.owner.id)
    assert.equal(row.companyId, sender.company.id)
  })

  test('the stored notification keeps the real author id beside the display sender', async ({
    client,
    assert,
  }) => {
    const { sender } = await senderAndVictim()
    const author = await memberOf(sender.company, 'admin')
    const response = await as(client, author, sender.company)
      .post('/notifications/custom')
      .json({
        sendTo: sender.owner.id,
        message: '<p>Olá</p>',
        platforms: ['platform'],
        sender: { name: 'Diretoria', role: 'CEO' },
      })
    response.assertStatus(200)
    const row = await Notification.findByOrFail('userId', sender.owner.id)
    assert.equal(row.actorId, author.id)
    assert.equal(row.actorName, 'Diretoria (CEO)')
  })

  test('<script> and <img onerror> survive neither the in-app text nor the queued e-mail', async ({
    client,
    assert,
  }) => {
    const { sender } = await senderAndVictim()
    const recipient = await memberOf(sender.company, 'user')
    const response = await as(client, sender.owner, sender.company)
      .post('/notifications/custom')
      .json({
        sendTo: recipient.id,
        title: 'Aviso <script>alert(3)</script>',
        message:
          '<p onclick="steal()">Olá <strong>Ana</strong></p><script>alert(1)</script>' +
          '<img src=x onerror=alert(2)>&lt;script&gt;alert(4)&lt;/script&gt;',
        platforms: ['platform', 'email'],
      })
    response.assertStatus(200)

    const row = await Notification.findByOrFail('userId', recipient.id)
    const mail = (await Delivery.findByOrFail('channel', 'email')).payload as MailPayload
    /* Markup the author typed as text (`&lt;script&gt;`) may read as text
       only in the text/plain part of the e-mail, which nothing renders */
    for (const [where, text, markup] of [
      ['title', row.title, true],
      ['in-app message', row.message, true],
      ['e-mail HTML', mail.html, true],
      ['e-mail subject', mail.subject, true],
      ['e-mail text', mail.text, false],
    ] as const) {
      const residues = ['<img', 'onerror', 'onclick', 'alert(1)', 'alert(2)', 'alert(3)']
      for (const residue of markup ? [...residues, '<script'] : residues) {
        assert.notInclude(text, residue, `${where} keeps ${residue}`)
      }
    }
    assert.include(row.message, 'Olá Ana')
    assert.include(mail.html, '<p>Olá <strong>Ana</strong></p>')
  })
})
