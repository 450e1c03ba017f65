import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import PruneAuditLog from '#actions/integrators/prune_audit_log'
import { withAdvisoryLock } from '#support/advisory_lock'

/**
 * Scheduled retention sweep of the audit log and of expired Idempotency-Key
 * answers: safe on every instance, only the advisory lock's holder works.
 */
export default class AuditPrune extends BaseCommand {
  static commandName = 'audit:prune'
  static description =
    'Delete audit entries older than --days (AUDIT_LOG_RETENTION_DAYS, default 365) and expired idempotency keys'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Keep the audit log of the last N days' })
  declare days?: number

  async run() {
    if (this.days !== undefined && !(this.days >= 1)) {
      this.logger.error('--days must be a positive number')
      this.exitCode = 1
      return
    }
    const prune = await this.app.container.make(PruneAuditLog)
    const outcome = await db.transaction((trx) =>
      withAdvisoryLock(trx, 'audit:prune', () =>
        prune.handle({
          days: this.days,
          onProgress: (deleted) => this.logger.info(`deleted ${deleted} audit entries so far`),
        })
      )
    )
    if (!outcome.acquired) {
      this.logger.warning('another audit:prune run holds the lock; nothing to do here')
      return
    }
    const { audit, idempotency } = outcome.result
    this.logger.success(
      `deleted ${audit} audit entries and ${idempotency} expired idempotency keys`
    )
  }
}
