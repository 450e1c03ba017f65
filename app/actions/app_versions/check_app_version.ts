import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import semver from 'semver'
import type { Infer } from '@vinejs/vine/types'
import AppVersion from '#models/app_version'
import type { checkAppVersionValidator } from '#validators/app_version'
import Clock from '#services/platform/clock'

type Params = Infer<typeof checkAppVersionValidator>

export interface AppVersionCheck {
  updateAvailable: boolean
  version: AppVersion | null
  forceUpdate: boolean
}

/**
 * GET /app/versions: the highest launched, not deleted version of the
 * platform (one walk down `app_versions_latest_index`), offered when it
 * is greater than the client's version.
 *
 * OTA versions are offered only to a client on the same runtimeVersion,
 * and a version whose updateId the client already runs is skipped.
 */
@inject()
export default class CheckAppVersion {
  constructor(protected clock: Clock) {}

  async handle(params: Params): Promise<AppVersionCheck> {
    const now = this.clock.local()
    const latest = await AppVersion.query()
      .apply((scopes) => scopes.notDeleted())
      .where('platform', params.platform)
      .where('launch_at', '<=', now.toSQL()!)
      .where((query) => {
        query.where('delivery', 'store')
        if (params.runtimeVersion) {
          query.orWhere((ota) =>
            ota.where('delivery', 'ota').where('runtime_version', params.runtimeVersion!)
          )
        }
      })
      .if(params.updateId, (query) =>
        query.where((unseen) =>
          unseen.whereNull('update_id').orWhereNot('update_id', params.updateId!)
        )
      )
      .orderBy([
        { column: 'major', order: 'desc' },
        { column: 'minor', order: 'desc' },
        { column: 'patch', order: 'desc' },
      ])
      .first()

    if (!latest || !semver.gt(latest.version, params.currentVersion)) {
      return { updateAvailable: false, version: null, forceUpdate: false }
    }
    return {
      updateAvailable: true,
      version: latest,
      forceUpdate: mustForceUpdate(latest, params.currentVersion, now),
    }
  }
}

/** Rule 4 of the spec: the stored flag applies only when no rule forces */
export function mustForceUpdate(version: AppVersion, currentVersion: string, now: DateTime) {
  if (version.type === 'bug_fix') return true
  if (semver.lt(currentVersion, version.minSupportedVersion)) return true
  if (version.deprecatedAt && version.deprecatedAt <= now) return true
  return version.forceUpdate
}
