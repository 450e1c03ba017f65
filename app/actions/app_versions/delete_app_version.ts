import { inject } from '@adonisjs/core'
import AppVersion from '#models/app_version'
import { NotFoundException } from '#exceptions/http_exceptions'
import type { AppPlatform } from '#support/app_versions'
import Clock from '#services/platform/clock'

/**
 * Soft-deletes a version: it is no longer offered, the row stays as
 * history. Deleting twice is a no-op.
 */
@inject()
export default class DeleteAppVersion {
  constructor(protected clock: Clock) {}

  async handle(platform: AppPlatform, version: string) {
    const appVersion = await AppVersion.query()
      .where('platform', platform)
      .where('version', version)
      .first()
    if (!appVersion)
      throw new NotFoundException('errors.app_version_not_found', { data: { platform, version } })
    if (!appVersion.deletedAt) {
      appVersion.deletedAt = this.clock.local()
      await appVersion.save()
    }
    return appVersion
  }
}
