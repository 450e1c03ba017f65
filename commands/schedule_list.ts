import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { configuredSchedules } from '#services/platform/scheduler'

/** Lists the worker's schedules: command, cron expression (env or default), next run */
export default class ScheduleList extends BaseCommand {
  static commandName = 'schedule:list'
  static description = 'List the schedules that node ace queue:work runs, with their next run'
  static options: CommandOptions = { startApp: true }

  async run() {
    const table = this.ui.table()
    table.head([
      'Schedule',
      'Command',
      'Cron',
      'Time zone',
      'Next run (UTC)',
      'Env variable',
      'What',
    ])
    for (const schedule of configuredSchedules()) {
      table.row([
        schedule.name,
        schedule.command,
        schedule.expression,
        schedule.timezone,
        schedule.nextRun ? schedule.nextRun.toISOString() : 'off',
        schedule.env,
        schedule.description,
      ])
    }
    table.render()
  }
}
