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
import db from '@adonisjs/lucid/services/db'
import { CompanyFactory } from '#database/factories/company_factory'
import { companyWithOwner } from '#tests/support/tenancy'
import type { ContractStatus } from '#enums/contract_status'

/**
 * A contract of `companyId` whose date columns are set in SQL from the
 * transaction's own clock: `local` = the company's local date (the
 * sweep's "today"), `now` = now() itself, so that each boundary is hit
 * exactly (the sweep runs in the same transaction: same now()).
 */
async function dated(
  companyId: string,
  status: ContractStatus,
  sql: { start?: string; end?: string; deadline?: string } = {}
) {
  const contract = await ContractFactory.merge({ companyId, status }).create()
  const local = '(now() AT TIME ZONE co.timezone)::date'
  const set = (expression: string | undefined) =>
    expression === undefined ? 'NULL' : expression.replace('local', local)
  await db.rawQuery(
    `UPDATE contracts c SET start_date = ${set(sql.start)}, end_date = ${set(sql.end)},
       deadline_at = ${set(sql.deadline)}
     FROM companies co WHERE co.id = c.company_id AND c.id = ?`,
    [contract.id]
  )
  return contract
}

const statusOf = async (contract: Contract) => (await Contract.findOrFail(contract.id)).status

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

  test('completed -> active: start date before, on and after the local today; none', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const before = await dated(company.id, 'completed', { start: 'local - 1' })
    const on = await dated(company.id, 'completed', { start: 'local' })
    const after = await dated(company.id, 'completed', { start: 'local + 1' })
    const none = await dated(company.id, 'completed')
    const draft = await dated(company.id, 'draft', { start: 'local - 1' })

    const result = await new SweepContracts().handle()
    assert.deepInclude(result, { locked: true })
    assert.equal(await statusOf(before), 'active')
    assert.equal(await statusOf(on), 'active', 'the start day itself is active')
    assert.equal(await statusOf(after), 'completed')
    assert.equal(await statusOf(none), 'active', 'no start date: at once')
    assert.equal(await statusOf(draft), 'draft', 'only completed contracts start')
  })

  test('active -> finished: end date before, on and after the local today; none', async ({
    assert,
  }) => {
    const { company } = await companyWithOwner()
    const before = await dated(company.id, 'active', { end: 'local - 1' })
    const on = await dated(company.id, 'active', { end: 'local' })
    const after = await dated(company.id, 'active', { end: 'local + 1' })
    const none = await dated(company.id, 'active')
    const completed = await dated(company.id, 'signature', { end: 'local - 1' })

    await new SweepContracts().handle()
    assert.equal(await statusOf(before), 'finished')
    assert.equal(await statusOf(on), 'active', 'the end day itself is still active')
    assert.equal(await statusOf(after), 'active')
    assert.equal(await statusOf(none), 'active', 'no end date: never finishes')
    assert.equal(await statusOf(completed), 'signature')
  })

  test('signing -> overdue: deadline just passed, exactly now, later; none', async ({ assert }) => {
    const { company } = await companyWithOwner()
    const passed = await dated(company.id, 'signing', { deadline: "now() - interval '1 second'" })
    const now = await dated(company.id, 'signing', { deadline: 'now()' })
    const later = await dated(company.id, 'signing', { deadline: "now() + interval '1 second'" })
    const none = await dated(company.id, 'signing')
    const provider = await dated(company.id, 'provider', { deadline: "now() - interval '1 day'" })

    const result = await new SweepContracts().handle()
    assert.deepEqual(result, {
      locked: true,
      moved: { 'completed->active': 0, 'active->finished': 0, 'signing->overdue': 1 },
    })
    assert.equal(await statusOf(passed), 'overdue')
    assert.equal(await statusOf(now), 'signing', 'overdue only after the deadline')
    assert.equal(await statusOf(later), 'signing')
    assert.equal(await statusOf(none), 'signing')
    assert.equal(await statusOf(provider), 'provider')
  })

  test("dates are the company's local date, not UTC's", async ({ assert }) => {
    /** A zone whose date differs from UTC's right now, whatever the hour: +14 from 10:00 UTC
        on, -11 before 11:00 UTC (the threshold leaves an hour either way) */
    const [{ hour }] = (
      await db.rawQuery(`SELECT extract(hour FROM now() AT TIME ZONE 'UTC') AS hour`)
    ).rows
    const timezone = Number(hour) >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
    const company = await CompanyFactory.merge({ timezone }).create()
    const differs = await db.rawQuery(
      `SELECT (now() AT TIME ZONE ?)::date <> (now() AT TIME ZONE 'UTC')::date AS differs`,
      [timezone]
    )
    assert.isTrue(differs.rows[0].differs, 'the fixture needs a date that differs from UTC')

    const starts = await dated(company.id, 'completed', { start: 'local' })
    const notYet = await dated(company.id, 'completed', { start: 'local + 1' })
    const ends = await dated(company.id, 'active', { end: 'local - 1' })
    const lastDay = await dated(company.id, 'active', { end: 'local' })

    await new SweepContracts().handle()
    assert.equal(await statusOf(starts), 'active')
    assert.equal(await statusOf(notYet), 'completed')
    assert.equal(await statusOf(ends), 'finished')
    assert.equal(await statusOf(lastDay), 'active')
  })
})
