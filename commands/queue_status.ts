import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { DELIVERY_STATES, outboxStatus } from '#services/platform/outbox_admin'

/** Prints the outbox per kind: counts per state, oldest pending age, last error */
export default class QueueStatus extends BaseCommand {
  static commandName = 'queue:status'
  static description = 'Show the outbox: deliveries per kind and state, oldest pending, last error'
  static options: CommandOptions = { startApp: true }

  async run() {
    const kinds = await outboxStatus()
    if (!kinds.length) {
      this.logger.info('the outbox is empty')
      return
    }
    const table = this.ui.table()
    table.head(['Kind', ...DELIVERY_STATES, 'Oldest pending'])
    for (const kind of kinds) {
      table.row([
        kind.kind,
        ...DELIVERY_STATES.map((state) => String(kind.counts[state])),
        kind.oldestPendingSeconds === null ? '-' : `${kind.oldestPendingSeconds} s`,
      ])
    }
    table.render()
    for (const kind of kinds) {
      if (!kind.lastError) continue
      const { deliveryId, attempt, at, error } = kind.lastError
      this.logger.info(
        `last ${kind.kind} error: ${at.toISO()} delivery ${deliveryId} attempt ${attempt}: ${error}`
      )
    }
  }
}
