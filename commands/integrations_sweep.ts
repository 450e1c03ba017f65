import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import SweepRecordsWithoutContract from '#actions/integrations/sweep_records_without_contract'

/**
 * `node ace integrations:sweep` (daily, e.g. from cron): reports the
 * integration records without an active contract, once per connection
 * and day; safe to run on several instances (advisory lock).
 */
export default class IntegrationsSweep extends BaseCommand {
  static commandName = 'integrations:sweep'
  static description = 'Report integration records that match no active contract (once a day)'
  static options: CommandOptions = { startApp: true }

  async run() {
    const sweep = await this.app.container.make(SweepRecordsWithoutContract)
    const result = await sweep.handle((message) => this.logger.info(message))
    if (result.locked) {
      this.logger.warning('another sweep is running; nothing done')
      return
    }
    this.logger.success(
      `${result.day}: ${result.swept} connection(s) swept, ${result.notified} notified`
    )
  }
}
