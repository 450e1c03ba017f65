import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { requeueDeliveries } from '#services/platform/outbox_admin'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Requeues one delivery (--id) or every dead one (--dead), due now with a fresh attempt budget */
export default class QueueRetry extends BaseCommand {
  static commandName = 'queue:retry'
  static description = 'Requeue a delivery (--id <id>) or every dead delivery (--dead)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'The delivery to requeue (pending, dead or skipped)' })
  declare id?: string

  @flags.boolean({ description: 'Requeue every dead delivery' })
  declare dead?: boolean

  async run() {
    if (Boolean(this.id) === Boolean(this.dead)) {
      this.logger.error('give either --id <delivery id> or --dead')
      this.exitCode = 1
      return
    }
    if (this.id && !UUID.test(this.id)) {
      this.logger.error(`not a delivery id: ${this.id}`)
      this.exitCode = 1
      return
    }
    const count = await requeueDeliveries(this.id ? { id: this.id } : { dead: true })
    if (this.id && count === 0) {
      this.logger.error(`no pending, dead or skipped delivery ${this.id}`)
      this.exitCode = 1
      return
    }
    this.logger.success(`requeued ${count} ${count === 1 ? 'delivery' : 'deliveries'}`)
  }
}
