import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import ProcessDataExports from '#actions/profile/process_data_exports'

/**
 * `node ace data-exports:process`: builds the pending personal data
 * exports. Safe to schedule on every instance: an advisory lock lets one
 * run at a time (the others exit at once).
 */
export default class DataExportsProcess extends BaseCommand {
  static commandName = 'data-exports:process'
  static description = 'Build pending personal data exports into private archives'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Maximum exports to build in this run', default: 100 })
  declare limit: number

  async run() {
    const processor = await this.app.container.make(ProcessDataExports)
    const result = await processor.handle({
      limit: this.limit,
      onProgress: (id, outcome, done, total) =>
        this.logger.info(`[${done}/${total}] export ${id}: ${outcome}`),
    })
    if (!result.locked) {
      this.logger.warning('Another data-exports:process is running; nothing done')
      return
    }
    this.logger.success(`Data exports: ${result.ready} ready, ${result.failed} failed`)
  }
}
