import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import SendScheduledReminders from '#actions/notifications/send_scheduled_reminders'

/**
 * `node ace reminders:send`: the scheduled reminders (compliance windows
 * closing, signatures pending, onboarding links expiring). Meant to run
 * daily; safe to run more often and on every instance: each item is
 * reminded at most once a day and one run works at a time.
 */
export default class RemindersSend extends BaseCommand {
  static commandName = 'reminders:send'
  static description =
    'Send the daily reminders (compliance, signatures, onboarding), once a day each'
  static options: CommandOptions = { startApp: true }

  async run() {
    const action = await this.app.container.make(SendScheduledReminders)
    const result = await action.handle()
    if (!result.locked) {
      this.logger.warning('another reminders run is in progress; nothing done')
      return
    }
    const { compliance_step: compliance, signature, onboarding } = result.sent
    this.logger.success(
      `reminders sent: ${compliance} compliance step(s), ${signature} signature(s), ${onboarding} onboarding(s)`
    )
  }
}
