import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'
import CompanyMember from '#models/company_member'
import CompanyNotificationSetting from '#models/company_notification_setting'
import { CompanyFactory } from '#database/factories/company_factory'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'
import { preparedRuns } from '#tests/support/prepared_runs'

const LETTER = '<p>Olá Maria,</p><p>Sou <strong>João</strong>, gestor de contratos.</p>'

test.group('Notifications / custom messages (I5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('platform + email: in-app row and a queued e-mail in the layout', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const provider = await memberOf(company, 'provider')

    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: provider.id,
        message: LETTER,
        platforms: ['platform', 'email'],
        title: 'Documentos pendentes',
        sender: { name: 'João Silva', role: 'Gestor' },
      })
    response.assertStatus(200)
    response.assertBody({
      data: {
        sendTo: provider.id,
        dispatched: true,
        channels: [
          { platform: 'platform', dispatched: true },
          { platform: 'email', dispatched: true },
        ],
      },
    })

    const row = await Notification.findByOrFail('userId', provider.id)
    assert.include(row.$attributes, {
      companyId: company.id,
      type: 'custom',
      scope: 'personal',
      title: 'Documentos pendentes',
      actorId: owner.id,
      actorName: 'João Silva (Gestor)',
    })
    assert.equal(row.message, 'Olá Maria,\n\nSou João, gestor de contratos.')

    const delivery = await Delivery.findByOrFail('channel', 'email')
    const mail = delivery.payload as MailPayload
    assert.equal(mail.to, provider.email)
    assert.equal(mail.subject, 'Documentos pendentes')
    assert.include(mail.html, '<strong>João</strong>')
    assert.include(mail.html, '<!DOCTYPE html>')
    assert.include(mail.text, 'Sou João, gestor de contratos.')
  })

  test('the title falls back to the first line, then to a default', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    const send = (message: string) =>
      as(client, owner, company)
        .post('/notifications/custom')
        .json({
          sendTo: user.id,
          message,
          platforms: ['platform'],
        })

    ;(await send('<p>Reunião amanhã</p><p>às 10h</p>')).assertStatus(200)
    ;(await send('')).assertStatus(200)
    const titles = (await Notification.query().where('user_id', user.id)).map((n) => n.title)
    assert.sameMembers(titles, ['Reunião amanhã', 'Nova mensagem'])
    const row = await Notification.query().where('title', 'Reunião amanhã').firstOrFail()
    assert.equal(row.actorName, `${owner.name} (owner)`)
  })

  test('HTML outside the allowed tags is removed from the e-mail', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: user.id,
        message: '<p onclick="x()">Oi</p><script>alert(1)</script><img src=x onerror=y>',
        platforms: ['email'],
      })
    response.assertStatus(200)
    const { html } = (await Delivery.firstOrFail()).payload as MailPayload
    assert.notInclude(html, '<script>')
    assert.notInclude(html, '<img')
    assert.include(html, '<p>Oi</p>')
    for (const residue of ['script', 'alert(1)', 'onerror', 'onclick']) {
      assert.notInclude(html, residue)
    }
  })

  test('a linked company id reaches its owner, stored with the context company', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const { company: providerCompany, owner: providerOwner } = await companyWithOwner()
    await CompanyMember.create({
      companyId: company.id,
      userId: providerOwner.id,
      role: 'provider',
    })

    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: providerCompany.id,
        message: '<p>Olá</p>',
        platforms: ['platform', 'email'],
      })
    response.assertStatus(200)
    const row = await Notification.findByOrFail('userId', providerOwner.id)
    assert.equal(row.companyId, company.id)
    const mail = (await Delivery.firstOrFail()).payload as MailPayload
    assert.equal(mail.to, providerOwner.email)
  })

  test('skipped channels carry a reason and do not stop the others', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    await CompanyNotificationSetting.create({
      companyId: company.id,
      allowedChannels: { email: false },
      types: {},
    })

    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: user.id,
        message: '<p>Olá</p>',
        platforms: ['email', 'messenger', 'platform'],
      })
    response.assertStatus(200)
    assert.deepEqual(response.body().data.channels, [
      { platform: 'email', dispatched: false, skippedReason: 'channel_not_allowed_by_company' },
      { platform: 'messenger', dispatched: false, skippedReason: 'messenger_not_configured' },
      { platform: 'platform', dispatched: true },
    ])
    assert.isTrue(response.body().data.dispatched)
    assert.lengthOf(await Delivery.all(), 0)
  })

  test('the custom type can be switched off by the company', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    await CompanyNotificationSetting.create({
      companyId: company.id,
      allowedChannels: {},
      types: { custom: false },
    })
    const response = await as(client, owner, company)
      .post('/notifications/custom')
      .json({
        sendTo: user.id,
        message: 'x',
        platforms: ['platform'],
      })
    response.assertStatus(200)
    assert.isFalse(response.body().data.dispatched)
    assert.equal(response.body().data.channels[0].skippedReason, 'type_disabled_by_company')
    assert.lengthOf(await Notification.all(), 0)
  })

  test('bad bodies get 422 and change nothing', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const user = await memberOf(company, 'user')
    const valid = { sendTo: user.id, message: 'Oi', platforms: ['platform'] }
    for (const body of [
      { ...valid, message: 'x'.repeat(5001) },
      { ...valid, title: 't'.repeat(256) },
      { ...valid, platforms: [] },
      { ...valid, platforms: ['sms'] },
      { ...valid, platforms: ['pigeon'] },
      { ...valid, platforms: undefined },
      { ...valid, message: undefined },
      { ...valid, sendTo: 'not-a-uuid' },
    ]) {
      const response = await as(client, owner, company).post('/notifications/custom').json(body)
      response.assertStatus(422)
    }
    assert.lengthOf(await Notification.all(), 0)
    assert.lengthOf(await Delivery.all(), 0)
  })

  test('an unknown or foreign sendTo is 404', async ({ client, assert }) => {
    const { company, owner } = await companyWithOwner()
    const { company: foreignCompany, owner: foreignOwner } = await companyWithOwner()
    const loner = await UserFactory.create()
    const emptyCompany = await CompanyFactory.create()
    for (const sendTo of [
      crypto.randomUUID(),
      foreignOwner.id,
      foreignCompany.id,
      loner.id,
      emptyCompany.id,
    ]) {
      const response = await as(client, owner, company)
        .post('/notifications/custom')
        .json({
          sendTo,
          message: 'Oi',
          platforms: ['platform'],
        })
      response.assertStatus(404)
    }
    assert.lengthOf(await Notification.all(), 0)
  })

  test('providers and read-only users may not send (403); no token is 401', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const body = { sendTo: owner.id, message: 'Oi', platforms: ['platform'] }
    for (const role of ['provider', 'user'] as const) {
      const member = await memberOf(company, role)
      const forbidden = await as(client, member, company).post('/notifications/custom').json(body)
      forbidden.assertStatus(403)
    }
    const anonymous = await client
      .post('/api/v1/notifications/custom')
      .header('x-company-id', company.id)
      .json(body)
    anonymous.assertStatus(401)
    for (const role of ['admin', 'borrower'] as const) {
      const sender = await memberOf(company, role)
      const response = await as(client, sender, company).post('/notifications/custom').json(body)
      response.assertStatus(200)
    }
    assert.lengthOf(await Notification.all(), 2)
  })

  test('a message reads its recipient, gates and contacts through prepared statements', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const provider = await memberOf(company, 'provider')
    const markers = [
      'select * from "company_members" where "company_id" = $1 and "user_id" = $2 limit $3',
      'FROM company_notification_settings WHERE company_id = ANY',
      'select * from "users" where "id" in ($1)',
    ]
    const before = await Promise.all(markers.map((marker) => preparedRuns(marker)))
    for (let message = 0; message < 2; message++) {
      const response = await as(client, owner, company)
        .post('/notifications/custom')
        .json({ sendTo: provider.id, message: 'Olá', platforms: ['platform'] })
      response.assertStatus(200)
    }
    for (const [index, marker] of markers.entries()) {
      const after = await preparedRuns(marker)
      assert.equal(after.statements, 1, `${marker}: one statement`)
      assert.equal(after.runs - before[index].runs, 2, `${marker}: parsed once, run twice`)
    }
  })
})
