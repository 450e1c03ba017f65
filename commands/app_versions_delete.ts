import { BaseCommand, args } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'
import DeleteAppVersion from '#actions/app_versions/delete_app_version'
import { NotFoundException } from '#exceptions/http_exceptions'
import { appVersionKeyValidator } from '#validators/app_version'

/**
 * `node ace app-versions:delete <platform> <version>`: soft delete (the
 * version is no longer offered; the row is kept as history).
 */
export default class AppVersionsDelete extends BaseCommand {
  static commandName = 'app-versions:delete'
  static description = 'Soft-delete an app version (kept as history, no longer offered)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'ios or android' })
  declare platform: string

  @args.string({ description: 'Version (x.y.z)' })
  declare version: string

  async run() {
    try {
      const key = await appVersionKeyValidator.validate({
        platform: this.platform,
        version: this.version,
      })
      const deleteVersion = await this.app.container.make(DeleteAppVersion)
      const deleted = await deleteVersion.handle(key.platform, key.version)
      this.logger.success(`Deleted ${deleted.platform} ${deleted.version}`)
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        this.logger.error((error.messages as { message: string }[])[0].message)
      } else if (error instanceof NotFoundException) {
        this.logger.error(error.message)
      } else {
        throw error
      }
      this.exitCode = 1
    }
  }
}
