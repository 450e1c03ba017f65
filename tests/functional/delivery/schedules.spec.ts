import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import { setTimeout as sleep } from 'node:timers/promises'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import ScheduleList from '#commands/schedule_list'
import {
  configuredSchedules,
  Scheduler,
  type ConfiguredSchedule,
} from '#services/platform/scheduler'
import { claimScheduledRun } from '#services/platform/schedule_claims'
import { cronRule, SCHEDULE_DEFINITIONS, timeZoneRule } from '#support/schedules'
import { freezeClock, restoreClock } from '#tests/support/clock'

test.group('Worker schedules', (group) => {
  group.each.setup(() => ace.ui.switchMode('raw'))
  group.each.teardown(() => ace.ui.switchMode('normal'))

  /** Sets SCHEDULE_* variables for one test (env.get reads them at call time) */
  function withEnv(values: Record<string, string>) {
    const before = Object.fromEntries(Object.keys(values).map((key) => [key, env.get(key as any)]))
    for (const [key, value] of Object.entries(values)) env.set(key as any, value)
    return () => {
      for (const [key, value] of Object.entries(before)) {
        env.set(key as any, value as any)
        // Env.set writes process.env too, where undefined would become 'undefined'
        if (value === undefined) delete process.env[key]
      }
    }
  }

  test('schedule:list shows the six sweeps, their cron, time zone and next run', async ({
    assert,
    cleanup,
  }) => {
    cleanup(withEnv({ SCHEDULE_CONTRACTS_SWEEP: 'off', SCHEDULE_ONBOARDING_SWEEP: '*/15 * * * *' }))
    const command = await ace.create(ScheduleList, [])
    await command.exec()
    command.assertSucceeded()
    const rows = command.logger.getLogs().map((log) => log.message.split('|'))
    assert.deepEqual(rows[0], [
      'Schedule',
      'Command',
      'Cron',
      'Time zone',
      'Next run (UTC)',
      'Env variable',
      'What',
    ])
    const byCommand = Object.fromEntries(rows.slice(1).map((row) => [row[1], row]))
    assert.sameMembers(
      Object.keys(byCommand),
      SCHEDULE_DEFINITIONS.map((definition) => definition.command)
    )
    assert.deepEqual(byCommand['compliance:generate'].slice(2, 4), ['0 3 * * *', 'UTC'])
    assert.match(byCommand['compliance:generate'][4], /^\d{4}-\d\d-\d\dT03:00:00.000Z$/)
    assert.deepEqual(byCommand['contracts:sweep'].slice(2, 6), [
      'off',
      'UTC',
      'off',
      'SCHEDULE_CONTRACTS_SWEEP',
    ])
    assert.equal(byCommand['onboarding:sweep'][2], '*/15 * * * *')
    assert.match(byCommand['onboarding:sweep'][4], /T\d\d:(00|15|30|45):00.000Z$/)
    assert.equal(byCommand['data-exports:process'][2], '* * * * *')
  })

  test('the defaults: compliance, integrations and pruning daily, contracts and onboarding hourly, exports every minute', async ({
    assert,
  }) => {
    const from = new Date('2026-11-23T10:20:30Z')
    const next = Object.fromEntries(
      configuredSchedules(from).map((schedule) => [
        schedule.command,
        schedule.nextRun?.toISOString(),
      ])
    )
    assert.deepEqual(next, {
      'compliance:generate': '2026-11-24T03:00:00.000Z',
      'contracts:sweep': '2026-11-23T11:05:00.000Z',
      'onboarding:sweep': '2026-11-23T11:10:00.000Z',
      'integrations:sweep': '2026-11-24T03:30:00.000Z',
      'notifications:prune': '2026-11-24T04:00:00.000Z',
      'data-exports:process': '2026-11-23T10:21:00.000Z',
      'reminders:send': '2026-11-23T11:00:00.000Z',
      'audit:prune': '2026-11-24T04:20:00.000Z',
    })
  })

  test('the scheduler runs each schedule on time, one run at a time, and stop() waits for it', async ({
    assert,
    cleanup,
  }) => {
    cleanup(withEnv({ SCHEDULE_DATA_EXPORTS_PROCESS: '* * * * * *' }))
    const runs: { command: string; at: number }[] = []
    let finishedRuns = 0
    const scheduler = new Scheduler(async (schedule) => {
      runs.push({ command: schedule.command, at: Date.now() })
      await sleep(1500)
      finishedRuns++
    })
    cleanup(() => scheduler.stop())
    assert.equal(scheduler.start(), 8)
    await sleep(2600)
    await scheduler.stop()
    assert.deepEqual([...new Set(runs.map((run) => run.command))], ['data-exports:process'])
    assert.isAtMost(runs.length, 2, 'a run still going skips the next second (protect)')
    assert.isAtLeast(runs.length, 1)
    assert.equal(finishedRuns, runs.length, 'stop() waited for the run in progress')
  }).timeout(10_000)

  test('a tick is claimed once: a second worker claiming the same due time skips it', async ({
    assert,
    cleanup,
  }) => {
    const schedule = `test-${randomUUID().slice(0, 8)}`
    cleanup(async () => {
      await db.from('schedule_runs').where('schedule', schedule).delete()
    })
    const due = DateTime.utc().startOf('second')
    assert.isTrue(await claimScheduledRun(schedule, due))
    assert.isFalse(await claimScheduledRun(schedule, due))
    assert.isTrue(await claimScheduledRun(schedule, due.plus({ seconds: 5 })))
    // claims older than a week go with the next claim of their schedule
    await db.table('schedule_runs').insert({
      schedule,
      due_at: due.minus({ days: 8 }).toJSDate(),
      worker: 'gone',
    })
    assert.isTrue(await claimScheduledRun(schedule, due.plus({ seconds: 10 })))
    const left = await db.from('schedule_runs').where('schedule', schedule).count('* as n')
    assert.equal(Number(left[0].n), 3)
  })

  /**
   * A schedule of its own on `expression` (a name no other test claims),
   * its claims removed after the test
   */
  function ownSchedule(
    cleanup: (fn: () => Promise<void>) => void,
    expression: string,
    timezone = 'UTC'
  ): ConfiguredSchedule {
    const name = `test-${randomUUID().slice(0, 8)}`
    cleanup(async () => {
      await db.from('schedule_runs').where('schedule', name).delete()
    })
    return { ...SCHEDULE_DEFINITIONS[0], name, expression, timezone, nextRun: null }
  }

  /** The due times claimed for a schedule, in order */
  async function claimedDues(schedule: ConfiguredSchedule) {
    const rows = await db.from('schedule_runs').where('schedule', schedule.name).orderBy('due_at')
    return rows.map((row) => (row.due_at as Date).toISOString())
  }

  /** Fires `worker`'s timer for `schedule` at the instant `iso` */
  async function fireAt(worker: Scheduler, schedule: ConfiguredSchedule, iso: string) {
    freezeClock(iso)
    await worker.tick(schedule)
  }

  test('a tick runs once across workers whose timers fire in different seconds (one early, one late)', async ({
    assert,
    cleanup,
  }) => {
    cleanup(restoreClock)
    const schedule = ownSchedule(cleanup, '* * * * *')
    const runs: string[] = []
    const workerA = new Scheduler(async () => void runs.push('a'))
    const workerB = new Scheduler(async () => void runs.push('b'))
    await fireAt(workerA, schedule, '2026-11-23T10:20:59.997Z')
    await fireAt(workerB, schedule, '2026-11-23T10:21:01.003Z')
    assert.deepEqual(runs, ['a'], 'the late worker skips the tick the early one claimed')
    assert.deepEqual(await claimedDues(schedule), ['2026-11-23T10:21:00.000Z'])
  })

  test('each tick is claimed at the instant it was scheduled for, in the schedule time zone', async ({
    assert,
    cleanup,
  }) => {
    cleanup(restoreClock)
    // every 5 seconds: two workers on two consecutive ticks, each timer early or late
    const everyFive = ownSchedule(cleanup, '*/5 * * * * *')
    const runs: string[] = []
    const workerA = new Scheduler(async () => void runs.push('a'))
    const workerB = new Scheduler(async () => void runs.push('b'))
    await fireAt(workerA, everyFive, '2026-11-23T10:21:04.996Z')
    await fireAt(workerB, everyFive, '2026-11-23T10:21:06.200Z')
    await fireAt(workerB, everyFive, '2026-11-23T10:21:10.001Z')
    await fireAt(workerA, everyFive, '2026-11-23T10:21:11.450Z')
    // 80 ms before the next tick is still this one, late (only a few ms early count ahead)
    await fireAt(workerA, everyFive, '2026-11-23T10:21:14.920Z')
    assert.deepEqual(runs, ['a', 'b'])
    assert.deepEqual(await claimedDues(everyFive), [
      '2026-11-23T10:21:05.000Z',
      '2026-11-23T10:21:10.000Z',
    ])
    // minute 5 of each hour in Kolkata (UTC+05:30) is minute 35 in UTC
    const hourly = ownSchedule(cleanup, '5 * * * *', 'Asia/Kolkata')
    await fireAt(workerA, hourly, '2026-11-23T10:35:00.002Z')
    await fireAt(workerA, hourly, '2026-11-23T11:35:01.250Z')
    assert.deepEqual(await claimedDues(hourly), [
      '2026-11-23T10:35:00.000Z',
      '2026-11-23T11:35:00.000Z',
    ])
  })

  test('a bad cron expression or time zone stops the boot, naming the variable', ({ assert }) => {
    assert.equal(cronRule('SCHEDULE_CONTRACTS_SWEEP', ' 5 * * * * '), '5 * * * *')
    assert.equal(cronRule('SCHEDULE_CONTRACTS_SWEEP', 'off'), 'off')
    assert.isUndefined(cronRule('SCHEDULE_CONTRACTS_SWEEP', ''))
    assert.throws(
      () => cronRule('SCHEDULE_CONTRACTS_SWEEP', 'every hour'),
      /^SCHEDULE_CONTRACTS_SWEEP: not a cron expression \("every hour"\)/
    )
    assert.throws(
      () => cronRule('SCHEDULE_CONTRACTS_SWEEP', '61 * * * *'),
      /SCHEDULE_CONTRACTS_SWEEP/
    )
    assert.equal(timeZoneRule('SCHEDULE_TIMEZONE', 'America/Sao_Paulo'), 'America/Sao_Paulo')
    assert.throws(
      () => timeZoneRule('SCHEDULE_TIMEZONE', 'Mars/Olympus'),
      'SCHEDULE_TIMEZONE: not a time zone ("Mars/Olympus")'
    )
  })
})
