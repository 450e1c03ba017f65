import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import DataExportsProcess from '#commands/data_exports_process'
import DataExport from '#models/data_export'
import { NotificationFactory } from '#database/factories/notification_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { mailsTo } from '#tests/support/event_notifications'
import { appUrl } from '#config/app'

test.group('Event notifications / profile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => drive.restore('fs'))

  test('a ready data export e-mails the user a signed link to the archive', async ({
    client,
    assert,
  }) => {
    drive.fake('fs')
    const { owner } = await companyWithOwner()
    const requested = await client.post('/api/v1/users/me/data-export').loginAs(owner)
    requested.assertStatus(202)
    const id = requested.body().data.id

    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')
    const command = await ace.create(DataExportsProcess, [])
    await command.exec()
    command.assertSucceeded()

    const dataExport = await DataExport.findOrFail(id)
    const [mail, ...others] = await mailsTo(owner.email)
    assert.lengthOf(others, 0)
    assert.equal(mail.subject, 'Sua exportação de dados está pronta')
    const link = /href="([^"]+)"/.exec(mail.html)![1].replaceAll('&amp;', '&')
    assert.isTrue(link.startsWith(`${appUrl}/`))
    assert.include(link, dataExport.filePath!)
    assert.include(link, 'signed') // the fake disk's signed URL
    assert.include(mail.text, 'Baixar meus dados')
    assert.include(
      mail.html,
      dataExport.expiresAt!.setZone('America/Sao_Paulo').toFormat('dd/MM/yyyy')
    )
  })

  test('user:profile_updated (PUT /users/me) renames the actor of the notifications', async ({
    client,
    assert,
  }) => {
    const { company, owner } = await companyWithOwner()
    const colleague = await memberOf(company, 'user')
    const [caused] = await NotificationFactory.merge({
      userId: colleague.id,
      companyId: company.id,
      actorId: owner.id,
      actorName: owner.name,
    }).createMany(1)

    const response = await client
      .put('/api/v1/users/me')
      .json({ name: 'Olivia Nova' })
      .loginAs(owner)
    response.assertStatus(200)
    await caused.refresh()
    assert.equal(caused.actorName, 'Olivia Nova')
  })
})
