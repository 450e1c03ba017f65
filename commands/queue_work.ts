import { setTimeout as sleep } from 'node:timers/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { DeliveryWorker, type RunSummary } from '#services/platform/delivery_worker'

/**
 * The outbox worker: sends queued e-mails and messenger messages. Runs
 * until SIGINT/SIGTERM (finishing the delivery in hand), or with --once
 * processes what is due and exits. Any number may run side by side.
 */
export default class QueueWork extends BaseCommand {
  static commandName = 'queue:work'
  static description = 'Send queued e-mails and messenger messages (the outbox)'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Process the due deliveries once and exit' })
  declare once: boolean

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

    const stop = () => {
      this.#stopping = true
      this.#wake.abort()
    }
    process.once('SIGINT', stop)
    this.app.terminating(stop)
    this.logger.info('queue:work started (Ctrl+C to stop)')
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
    this.logger.info('queue:work stopped')
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
