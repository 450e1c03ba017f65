import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import Onboarding from '#models/onboarding'
import OnboardingSweep from '#commands/onboarding_sweep'
import ExpireOnboardings, { ONBOARDING_SWEEP_LOCK } from '#actions/onboarding/expire_onboardings'
import databaseConfig from '#config/database'
import pg from 'pg'
import { onboardingScenario } from '#tests/support/onboarding'

const past = () => DateTime.now().minus({ minutes: 5 }).toJSDate()

test.group('Onboarding / sweep command', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('marks pending onboardings past expiry as expired, idempotently', async ({ assert }) => {
    const due = await onboardingScenario()
    const submitted = await onboardingScenario()
    const live = await onboardingScenario()
    await Onboarding.query().where('id', due.onboarding.id).update({ expires_at: past() })
    await Onboarding.query()
      .where('id', submitted.onboarding.id)
      .update({ expires_at: past(), status: 'submitted' })

    const first = await ace.create(OnboardingSweep, ['--batch-size', '1'])
    await first.exec()
    first.assertSucceeded()
    first.assertLog('[ green(success) ] onboarding sweep done: 1 expired')

    const statuses = async () => {
      const ids = [due, submitted, live].map((s) => s.onboarding.id)
      const rows = await Onboarding.query().whereIn('id', ids)
      return ids.map((id) => rows.find((row) => row.id === id)!.status)
    }
    assert.deepEqual(await statuses(), ['expired', 'submitted', 'pending'])

    const second = await ace.create(OnboardingSweep, [])
    await second.exec()
    second.assertLog('[ green(success) ] onboarding sweep done: 0 expired')
    assert.deepEqual(await statuses(), ['expired', 'submitted', 'pending'])
  })

  test('does nothing while another instance holds the advisory lock', async ({ assert }) => {
    const due = await onboardingScenario()
    await Onboarding.query().where('id', due.onboarding.id).update({ expires_at: past() })
    const other = new pg.Client(databaseConfig.connections.postgres.connection as pg.ClientConfig)
    await other.connect()
    try {
      await other.query('SELECT pg_advisory_lock($1)', [ONBOARDING_SWEEP_LOCK])
      const result = await new ExpireOnboardings().handle()
      assert.deepEqual(result, { locked: false, expired: 0 })
      assert.equal((await Onboarding.findOrFail(due.onboarding.id)).status, 'pending')
    } finally {
      await other.end()
    }
  })
})
