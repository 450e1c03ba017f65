import { Cron } from 'croner'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import env from '#start/env'
import { SCHEDULE_DEFINITIONS, type ScheduleDefinition } from '#support/schedules'
import { nowUtc } from '#services/platform/clock'
import { claimScheduledRun } from '#services/platform/schedule_claims'

export interface ConfiguredSchedule extends ScheduleDefinition {
  /** The cron expression in force (the env's or the default), or `off` */
  expression: string
  timezone: string
  /** Next run from `from`; null when off */
  nextRun: Date | null
}

/**
 * How early a timer may wake before its tick and still count as that tick
 * (a callback a few ms early belongs to the tick it was set for)
 */
const EARLY_MS = 50

/** The instants of an expression in a time zone, computed (no timer) */
function scheduleTimes(expression: string, timezone: string) {
  return new Cron(expression, { timezone, paused: true })
}

/** The schedules with the env's overrides applied (SCHEDULE_* variables) */
export function configuredSchedules(from = nowUtc().toJSDate()): ConfiguredSchedule[] {
  const timezone = env.get('SCHEDULE_TIMEZONE') ?? 'UTC'
  return SCHEDULE_DEFINITIONS.map((definition) => {
    const expression = env.get(definition.env) ?? definition.cron
    const nextRun = expression === 'off' ? null : scheduleTimes(expression, timezone).nextRun(from)
    return { ...definition, expression, timezone, nextRun }
  })
}

/**
 * The instant croner scheduled the tick fired at `firedAt` for: the latest
 * instant of the expression (in its time zone) up to EARLY_MS after
 * `firedAt`. Every worker gets the same one however late its timer fired.
 */
function scheduledInstant(schedule: ConfiguredSchedule, firedAt: DateTime): DateTime {
  const [instant] = scheduleTimes(schedule.expression, schedule.timezone).previousRuns(
    1,
    firedAt.plus({ milliseconds: EARLY_MS }).toJSDate()
  )
  // a tick that fired always has one; failing that, the second it fired in
  return instant ? DateTime.fromJSDate(instant, { zone: 'utc' }) : firedAt.startOf('second')
}

/**
 * Runs each schedule that is not `off` with croner, one run at a time per
 * schedule (`protect`: a run still going when the next is due skips it).
 * Each tick is first claimed in schedule_runs, keyed by the instant croner
 * scheduled it for (not the moment its timer fired, which differs between
 * workers), so one worker of many runs it; `run` does the work (the worker
 * executes the sweep's Ace command, whose advisory lock also keeps a manual
 * run and a scheduled one apart). stop() stops the timers and waits for
 * the runs in progress.
 */
export class Scheduler {
  #jobs: Cron[] = []
  #running = new Set<Promise<void>>()

  constructor(private run: (schedule: ConfiguredSchedule) => Promise<void>) {}

  start(schedules = configuredSchedules()) {
    for (const schedule of schedules) {
      if (schedule.expression === 'off') continue
      const job = new Cron(
        schedule.expression,
        { name: `schedule:${schedule.name}`, timezone: schedule.timezone, protect: true },
        () => this.tick(schedule)
      )
      this.#jobs.push(job)
    }
    return this.#jobs.length
  }

  async #claimAndRun(schedule: ConfiguredSchedule) {
    const started = performance.now()
    const due = scheduledInstant(schedule, nowUtc())
    const fields = { schedule: schedule.name, command: schedule.command, due: due.toISO() }
    if (!(await claimScheduledRun(schedule.name, due))) {
      logger.info(fields, 'scheduled run skipped: another worker has it')
      return
    }
    await this.run(schedule)
    logger.info({ ...fields, ms: Math.round(performance.now() - started) }, 'scheduled run done')
  }

  /**
   * One tick of `schedule`, what its timer calls at (or about) a scheduled
   * instant: claims the tick and runs it if this worker got it
   */
  tick(schedule: ConfiguredSchedule) {
    const run = this.#claimAndRun(schedule).catch((error) =>
      logger.error(
        { err: error, schedule: schedule.name, command: schedule.command },
        'scheduled run failed'
      )
    )
    this.#running.add(run)
    return run.finally(() => this.#running.delete(run))
  }

  async stop() {
    for (const job of this.#jobs) job.stop()
    this.#jobs = []
    await Promise.allSettled([...this.#running])
  }
}
