import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import IntegrationsSweep from '#commands/integrations_sweep'
import IntegrationConnection from '#models/integration_connection'
import IntegrationRecord from '#models/integration_record'
import { CompanyFactory } from '#database/factories/company_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import { legalProvider, naturalProvider } from '#tests/support/hours'
import { freezeClock, restoreClock } from '#tests/support/clock'

test.group('Hours / integrations:sweep', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    emitter.restore()
    restoreClock()
  })

  test('emits once per connection and day for records without an active contract', async ({
    assert,
  }) => {
    freezeClock('2026-03-18T10:00:00.000Z')
    const { company: borrower } = await companyWithOwner()
    const beta = await legalProvider(borrower)
    const ana = await naturalProvider(borrower)
    const finished = await legalProvider(borrower, { status: 'finished' })
    const stranger = await CompanyFactory.create()
    const connection = await IntegrationConnection.create({
      companyId: borrower.id,
      provider: 'erp-x',
      status: 'active',
    })
    const clean = await IntegrationConnection.create({
      companyId: borrower.id,
      provider: 'crm-y',
      status: 'active',
    })
    const documents = [
      beta.company.document,
      ana.user.cpf!,
      finished.company.document,
      stranger.document,
    ]
    for (const [index, document] of documents.entries()) {
      await IntegrationRecord.create({
        connectionId: connection.id,
        externalId: `ext-${index}`,
        document,
        syncedAt: DateTime.now(),
      })
    }
    await IntegrationRecord.create({
      connectionId: clean.id,
      externalId: 'ok',
      document: beta.company.document,
      syncedAt: DateTime.now(),
    })

    const events = emitter.fake(['integrations:records_without_contract'])
    const command = await ace.create(IntegrationsSweep, [])
    await command.exec()
    command.assertSucceeded()
    events.assertEmittedCount('integrations:records_without_contract', 1)
    events.assertEmitted('integrations:records_without_contract', ({ data }) => {
      return (
        data.connectionId === connection.id &&
        data.companyId === borrower.id &&
        data.provider === 'erp-x' &&
        data.pendingCount === 2 &&
        data.actionRoute === `/company/${borrower.id}/integrations/${connection.id}/status`
      )
    })

    const again = await ace.create(IntegrationsSweep, [])
    await again.exec()
    events.assertEmittedCount('integrations:records_without_contract', 1)
    const sweeps = await db.from('integration_sweeps').count('* as n')
    assert.equal(Number(sweeps[0].n), 2)

    freezeClock('2026-03-19T10:00:00.000Z')
    const nextDay = await ace.create(IntegrationsSweep, [])
    await nextDay.exec()
    events.assertEmittedCount('integrations:records_without_contract', 2)
  })
})
