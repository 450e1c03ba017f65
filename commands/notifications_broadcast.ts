import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'
import BroadcastSystemAlert from '#actions/notifications/broadcast_system_alert'
import { broadcastSystemAlertValidator } from '#validators/notification'
import Company from '#models/company'

/**
 * An operator's announcement (spec Events: `system_alert`, scope company,
 * everyone): in-app for every member, and by e-mail and messenger, whatever
 * the preferences say (a mandatory type).
 */
export default class NotificationsBroadcast extends BaseCommand {
  static commandName = 'notifications:broadcast'
  static description = 'Send a system_alert to every member of a company (or --company all)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Company id, or "all"', required: true })
  declare company: string

  @flags.string({ description: 'Title (up to 255 characters)', required: true })
  declare title: string

  @flags.string({ description: 'Message (up to 5000 characters)', required: true })
  declare message: string

  async run() {
    try {
      const alert = await broadcastSystemAlertValidator.validate({
        company: this.company,
        title: this.title,
        message: this.message,
      })
      if (alert.company !== 'all' && !(await Company.find(alert.company))) {
        this.logger.error(`--company: no company ${alert.company}`)
        this.exitCode = 1
        return
      }
      const sent = await new BroadcastSystemAlert().handle(alert)
      this.logger.success(`system_alert sent to ${sent} members`)
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      for (const { field, message } of error.messages as { field: string; message: string }[]) {
        this.logger.error(`--${field}: ${message}`)
      }
      this.exitCode = 1
    }
  }
}
