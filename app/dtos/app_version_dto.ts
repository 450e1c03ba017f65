import type AppVersion from '#models/app_version'

/**
 * AppVersion as the spec names it; `forceUpdate` is the computed value
 * for the caller. `runtimeVersion` and `updateId` let an OTA client fetch
 * the update.
 */
export default class AppVersionDto {
  static fromModel(version: AppVersion, forceUpdate: boolean) {
    return {
      id: version.id,
      version: version.version,
      launchAt: version.launchAt.toISO()!,
      type: version.type,
      forceUpdate,
      title: version.title,
      description: version.description,
      storeUrl: version.storeUrl ?? null,
      delivery: version.delivery,
      minSupportedVersion: version.minSupportedVersion,
      deprecatedAt: version.deprecatedAt?.toISO() ?? null,
      platform: version.platform,
      runtimeVersion: version.runtimeVersion ?? null,
      updateId: version.updateId ?? null,
      createdAt: version.createdAt.toISO()!,
    }
  }
}
