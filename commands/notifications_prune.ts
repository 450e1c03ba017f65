import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import PruneNotifications from '#actions/notifications/prune_notifications'
import { withAdvisoryLock } from '#support/advisory_lock'

/**
 * Scheduled retention sweep (cron, e.g. daily): safe to start on every
 * instance, only the one that takes the advisory lock works.
 */
export default class NotificationsPrune extends BaseCommand {
  static commandName = 'notifications:prune'
  static description = 'Delete notifications older than --days (default 90), in batches'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Keep notifications of the last N days', default: 90 })
  declare days: number

  @flags.number({ description: 'Rows deleted per statement', default: 5000 })
  declare batchSize: number

  async run() {
    if (!(this.days >= 1) || !(this.batchSize >= 1)) {
      this.logger.error('--days and --batch-size must be positive numbers')
      this.exitCode = 1
      return
    }
    /**
     * The lock's transaction only holds the lock: the batches commit on
     * their own (short transactions), the lock goes when the run ends.
     */
    const prune = await this.app.container.make(PruneNotifications)
    const outcome = await db.transaction((trx) =>
      withAdvisoryLock(trx, 'notifications:prune', () =>
        prune.handle({
          days: this.days,
          batchSize: this.batchSize,
          onProgress: (deleted) => this.logger.info(`deleted ${deleted} so far`),
        })
      )
    )
    if (!outcome.acquired) {
      this.logger.warning('another notifications:prune run holds the lock; nothing to do here')
      return
    }
    this.logger.success(`deleted ${outcome.result} notifications older than ${this.days} days`)
  }
}
