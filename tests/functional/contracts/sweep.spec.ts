import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import pg from 'pg'
import { DateTime } from 'luxon'
import ContractsSweep from '#commands/contracts_sweep'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import SweepContracts, { SWEEP_LOCK_KEY } from '#actions/contracts/sweep_contracts'
import { ContractFactory } from '#database/factories/contract_factory'
import { companyWithOwner } from '#tests/support/tenancy'

test.group('Contracts / sweep (contracts:sweep)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('moves by date in the company timezone, idempotently, with history', async ({ assert }) => {
    const { company } = await companyWithOwner()
    const today = DateTime.now().setZone(company.timezone).startOf('day')
    const make = (status: any, extra: Partial<Contract> = {}) =>
      ContractFactory.merge({ companyId: company.id, status, ...extra }).create()
    const starts = await make('completed', { startDate: today })
    const later = await make('completed', { startDate: today.plus({ days: 1 }) })
    const ends = await make('active', { endDate: today.minus({ days: 1 }) })
    const running = await make('active', { endDate: today })
    const late = await make('signing', { deadlineAt: DateTime.now().minus({ hours: 1 }) })
    const deleted = await make('completed', { deletedAt: DateTime.now() })

    await ace.boot()
    ace.ui.switchMode('raw')
    const command = await ace.create(ContractsSweep, [])
    await command.exec()
    command.assertSucceeded()
    command.assertLogMatches(/completed -> active: 1/)

    const status = async (contract: Contract) => (await Contract.findOrFail(contract.id)).status
    assert.equal(await status(starts), 'active')
    assert.equal(await status(later), 'completed')
    assert.equal(await status(ends), 'finished')
    assert.equal(await status(running), 'active')
    assert.equal(await status(late), 'overdue')
    assert.equal(await status(deleted), 'completed')
    const history = await ContractHistory.query().where('contract_id', starts.id)
    assert.deepEqual(history[0].payload, { from: 'completed', to: 'active', by: 'sweep' })

    const again = await new SweepContracts().handle()
    assert.deepEqual(again, {
      locked: true,
      moved: { 'completed->active': 0, 'active->finished': 0, 'signing->overdue': 0 },
    })
  })

  test('skips when another instance holds the lock', async ({ assert }) => {
    /** Another instance: its own session, outside the test's global transaction */
    const other = new pg.Client(app.config.get('database.connections.postgres.connection'))
    await other.connect()
    try {
      await other.query('SELECT pg_advisory_lock($1)', [SWEEP_LOCK_KEY])
      assert.deepEqual(await new SweepContracts().handle(), { locked: false })
    } finally {
      await other.end()
    }
  })
})
