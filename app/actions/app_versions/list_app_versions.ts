import AppVersion from '#models/app_version'
import type { AppPlatform } from '#support/app_versions'

/**
 * Every stored version, soft-deleted ones included, newest first per
 * platform (`app-versions:list`).
 */
export default class ListAppVersions {
  handle(platform?: AppPlatform) {
    return AppVersion.query()
      .if(platform, (query) => query.where('platform', platform!))
      .orderBy([
        { column: 'platform', order: 'asc' },
        { column: 'major', order: 'desc' },
        { column: 'minor', order: 'desc' },
        { column: 'patch', order: 'desc' },
      ])
  }
}
