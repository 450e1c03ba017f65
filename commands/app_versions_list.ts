import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import ListAppVersions from '#actions/app_versions/list_app_versions'
import { APP_PLATFORMS, type AppPlatform } from '#support/app_versions'

/**
 * `node ace app-versions:list [--platform=ios]`: every stored version,
 * soft-deleted ones marked.
 */
export default class AppVersionsList extends BaseCommand {
  static commandName = 'app-versions:list'
  static description = 'List the stored app versions'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Only this platform (ios or android)' })
  declare platform?: string

  async run() {
    if (this.platform && !APP_PLATFORMS.includes(this.platform as AppPlatform)) {
      this.logger.error(`Unknown platform ${this.platform}; use ${APP_PLATFORMS.join(' or ')}`)
      this.exitCode = 1
      return
    }

    const list = await this.app.container.make(ListAppVersions)
    const versions = await list.handle(this.platform as AppPlatform | undefined)
    const table = this.ui
      .table()
      .head(['Platform', 'Version', 'Type', 'Delivery', 'Launch at', 'Force', 'Min', 'Deleted'])
    for (const row of versions) {
      table.row([
        row.platform,
        row.version,
        row.type,
        row.delivery,
        row.launchAt.toISO()!,
        String(row.forceUpdate),
        row.minSupportedVersion,
        row.deletedAt?.toISO() ?? '',
      ])
    }
    table.render()
    this.logger.info(`${versions.length} version(s)`)
  }
}
