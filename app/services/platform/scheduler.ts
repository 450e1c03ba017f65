import { Cron } from 'croner'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { SCHEDULE_DEFINITIONS, type ScheduleDefinition } from '#support/schedules'
import { nowUtc } from '#services/platform/clock'

export interface ConfiguredSchedule extends ScheduleDefinition {
  /** The cron expression in force (the env's or the default), or `off` */
  expression: string
  timezone: string
  /** Next run from `from`; null when off */
  nextRun: Date | null
}

/** The schedules with the env's overrides applied (SCHEDULE_* variables) */
export function configuredSchedules(from = nowUtc().toJSDate()): ConfiguredSchedule[] {
  const timezone = env.get('SCHEDULE_TIMEZONE') ?? 'UTC'
  return SCHEDULE_DEFINITIONS.map((definition) => {
    const expression = env.get(definition.env) ?? definition.cron
    const nextRun =
      expression === 'off' ? null : new Cron(expression, { timezone, paused: true }).nextRun(from)
    return { ...definition, expression, timezone, nextRun }
  })
}

/**
 * Runs each schedule that is not `off` with croner, one run at a time per
 * schedule (`protect`: a run still going when the next is due skips it).
 * `run` does the work (the worker executes the sweep's Ace command, whose
 * advisory lock makes one worker of many do it). stop() stops the timers
 * and waits for the runs in progress.
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
        () => this.#track(schedule)
      )
      this.#jobs.push(job)
    }
    return this.#jobs.length
  }

  #track(schedule: ConfiguredSchedule) {
    const started = performance.now()
    const run = this.run(schedule)
      .then(() =>
        logger.info(
          {
            schedule: schedule.name,
            command: schedule.command,
            ms: Math.round(performance.now() - started),
          },
          'scheduled run done'
        )
      )
      .catch((error) =>
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
