import { setTimeout as sleep } from 'node:timers/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { DeliveryWorker, type RunSummary } from '#services/platform/delivery_worker'
import { Scheduler, type ConfiguredSchedule } from '#services/platform/scheduler'

/**
 * The worker: sends the outbox (e-mails, messenger messages) and runs the
 * sweeps on their schedules (`node ace schedule:list`). Runs until SIGINT
 * or SIGTERM, then finishes the delivery and the scheduled runs in hand and
 * exits 0; with --once it sends what is due and exits. Any number may run
 * side by side (leases for deliveries, advisory locks for the sweeps).
 */
export default class QueueWork extends BaseCommand {
  static commandName = 'queue:work'
  static description = 'Send queued e-mails and messenger messages and run the scheduled sweeps'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Process the due deliveries once and exit (no schedules)' })
  declare once: boolean

  @flags.boolean({
    description: 'Run the scheduled sweeps (--no-schedules: deliveries only)',
    default: true,
    showNegatedVariantInHelp: true,
  })
  declare schedules: boolean

  @flags.number({ description: 'Seconds to wait when nothing is due', default: 2 })
  declare idle: number

  #stopping = false
  #wake = new AbortController()

  async run() {
    const worker = new DeliveryWorker()
    if (this.once) {
      this.#report(await worker.runOnce({ batchSize: 500 }))
      return
    }

    let finished!: () => void
    const done = new Promise<void>((resolve) => (finished = resolve))
    const stop = () => {
      this.#stopping = true
      this.#wake.abort()
      return done
    }
    process.once('SIGINT', stop)
    /** SIGTERM: the app terminates (closing the pool) only once the loop has finished */
    this.app.terminating(stop)

    const scheduler = new Scheduler((schedule) => this.#runScheduled(schedule))
    const scheduled = this.schedules ? scheduler.start() : 0
    this.logger.info(`queue:work started, ${scheduled} schedule(s) (Ctrl+C to stop)`)
    try {
      await this.#loop(worker)
    } finally {
      await scheduler.stop()
      this.logger.info('queue:work stopped')
      finished()
    }
  }

  async #loop(worker: DeliveryWorker) {
    while (!this.#stopping) {
      const summary = await worker
        .runOnce({ shouldStop: () => this.#stopping })
        .catch((error: Error) => {
          this.logger.error(`outbox batch failed: ${error.message}`)
          return null
        })
      if (summary) this.#report(summary)
      if (!summary || Object.values(summary).every((count) => count === 0)) {
        await sleep(this.idle * 1000, undefined, { signal: this.#wake.signal }).catch(() => {})
      }
    }
  }

  /** Runs the sweep's Ace command in this process (it takes its own advisory lock) */
  async #runScheduled(schedule: ConfiguredSchedule) {
    const command = await this.kernel.exec(schedule.command, [])
    if (command.exitCode !== 0) {
      throw command.error ?? new Error(`${schedule.command} exited with ${command.exitCode}`)
    }
  }

  #report(summary: RunSummary) {
    const total = Object.values(summary).reduce((sum, count) => sum + count, 0)
    if (total || this.once) {
      this.logger.info(
        `sent ${summary.sent}, retried ${summary.retried}, dead ${summary.dead}, skipped ${summary.skipped}`
      )
    }
  }
}
