import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import { DateTime } from 'luxon'
import IntegrationsSweep from '#commands/integrations_sweep'
import IntegrationConnection from '#models/integration_connection'
import IntegrationRecord from '#models/integration_record'
import { CompanyFactory } from '#database/factories/company_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { legalProvider } from '#tests/support/hours'
import { mailsTo, notificationsOf } from '#tests/support/event_notifications'
import { appUrl } from '#config/app'
import { freezeClock, restoreClock } from '#tests/support/clock'

test.group('Event notifications / integrations', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    freezeClock('2026-03-18T10:00:00.000Z')
    return () => restoreClock()
  })

  test('the sweep notifies the borrower-side members with the exact activity shape', async ({
    assert,
  }) => {
    const { company: borrower, owner } = await companyWithOwner()
    const admin = await memberOf(borrower, 'admin')
    const employee = await memberOf(borrower, 'user')
    const beta = await legalProvider(borrower)
    const connection = await IntegrationConnection.create({
      companyId: borrower.id,
      provider: 'erp-x',
      status: 'active',
    })
    const strangers = await CompanyFactory.createMany(2)
    for (const [index, document] of [
      beta.company.document,
      ...strangers.map((c) => c.document),
    ].entries()) {
      await IntegrationRecord.create({
        connectionId: connection.id,
        externalId: `ext-${index}`,
        document,
        syncedAt: DateTime.now(),
      })
    }

    const command = await ace.create(IntegrationsSweep, [])
    await command.exec()
    command.assertSucceeded()

    const rows = await notificationsOf('integration_records_without_contract')
    assert.sameMembers(
      rows.map((row) => row.userId),
      [owner.id, admin.id, employee.id]
    )
    const route = `/company/${borrower.id}/integrations/${connection.id}/status`
    for (const row of rows) {
      assert.equal(row.companyId, borrower.id)
      assert.equal(row.scope, 'company')
      assert.equal(row.message, '2 registros sincronizados de erp-x sem contrato ativo.')
      assert.deepEqual(row.activity, {
        kind: 'integration_records_without_contract',
        connectionId: connection.id,
        provider: 'erp-x',
        pendingCount: 2,
        actionRoute: route,
      })
    }
    assert.notInclude(
      rows.map((row) => row.userId),
      beta.owner.id
    )
    const [mail] = await mailsTo(employee.email)
    assert.equal(mail.subject, 'Registros de integração sem contrato')
    assert.include(mail.html, `href="${appUrl}${route}"`)
    assert.include(mail.text, `${appUrl}${route}`)
    assert.lengthOf(await mailsTo(beta.owner.email), 0)

    // A second run the same day is a no-op: nothing more
    const again = await ace.create(IntegrationsSweep, [])
    await again.exec()
    assert.lengthOf(await notificationsOf('integration_records_without_contract'), 3)
  })
})
